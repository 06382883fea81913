/** The name of the cookie that carries a member's session id (set by @fastify/session in app.ts). */
export const SESSION_COOKIE = 'soleswap.sid';
