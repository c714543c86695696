// MSW handlers and factories for identity's staff-roles and audit endpoints (identityPeopleEndpoints).
export {};
