export { RateLimitModule } from './rate-limit.module.js';
export { clientKey, RateLimiter, type RateLimitState } from './rate-limiter.js';
