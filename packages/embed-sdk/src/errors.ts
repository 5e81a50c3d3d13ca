/** The string (not an Error) that RDL-guarded calls reject with: 2.8.0's documented contract. */
export const APINotSupportedForRDLError = 'This API is currently not supported for RDL reports';
