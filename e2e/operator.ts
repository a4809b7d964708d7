/** The operator's address: playwright.config.ts lists it in ADMIN_EMAILS, admin.spec.ts signs up with it. */
export const operatorEmail = 'e2e-operator@lumigen.example';
