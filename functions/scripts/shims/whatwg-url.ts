// Stands in for the `whatwg-url` package in Lambda bundles. node-fetch (Mollie's transport) imports it only as
// a fallback, `Url.URL || whatwgUrl.URL`, and Node always has `url.URL`; the real package would add its
// Unicode tables (tr46, about 280 KB minified) to the payments bundle for a branch that never runs.
import { URL } from 'node:url';

export default { URL };
