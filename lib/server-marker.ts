/** Where the custom server leaves the database object it opened, so bundles can prove they share it. */
export const SERVER_DATABASE_KEY = Symbol.for('reflexion-studio.server-database')
