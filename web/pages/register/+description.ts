export default 'Create a customer account to order training material, keep your invoices and downloads, and request free previews.';
