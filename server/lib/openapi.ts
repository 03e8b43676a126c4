/** The OpenAPI `content` of a JSON answer or body with this zod schema. */
export const json = <T>(schema: T) => ({ 'application/json': { schema } });
