// MSW handlers and factories for the content service's editing endpoints (contentEditingEndpoints).
export {};
