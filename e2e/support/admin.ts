/** The super-admin the test server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const adminCredentials = { email: 'admin@tarifa.test', password: 'Admin-Passw0rd!' };
