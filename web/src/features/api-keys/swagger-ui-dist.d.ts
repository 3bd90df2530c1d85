// swagger-ui-dist ships no types; this is the little of its ES bundle the reference page calls.
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  interface SwaggerUIOptions {
    url: string;
    domNode: HTMLElement;
    validatorUrl: string | null;
    deepLinking?: boolean;
    tryItOutEnabled?: boolean;
    persistAuthorization?: boolean;
  }
  const SwaggerUIBundle: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUIBundle;
}
