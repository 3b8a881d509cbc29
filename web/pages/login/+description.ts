export default 'Sign in to your account to see your orders, downloads and previews.';
