/** Injection tokens of the infrastructure providers. */
export const EVENT_STORE = Symbol('EVENT_STORE');
export const READ_DB = Symbol('READ_DB');
