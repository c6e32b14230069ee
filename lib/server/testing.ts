import 'server-only';

/**
 * The hooks tests use to swap or reset what a module keeps for the life of the process, in one
 * place: tests import them from here, and no production code imports any of them. Each is written
 * beside the state it touches, which nothing else may reach.
 */
export { reloadEnv } from './env';
export { installDatabase } from './db';
export { installDirectory } from './directory';
export { configureRateLimits, resetRateLimits } from './http/rate-limit';
export { forgetAvailability } from './availability';
export { resetPaypalTokens } from './payments/paypal/client';
export { resetStandIn } from './payments/telegram_stars/sandbox/store';
