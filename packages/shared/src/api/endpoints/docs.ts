/** The API described by itself. */
export const docsEndpoints = {
  'docs.openapi': {
    summary: 'This API described as OpenAPI 3.1',
    responses: { 200: { description: 'The OpenAPI document', contentType: 'application/json' } },
  },
} as const;
