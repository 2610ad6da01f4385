/** The id of the JSON block in index.html that carries the public configuration. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'parley-config';
