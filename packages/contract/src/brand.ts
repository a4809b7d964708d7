/** Brand defaults (docs/architecture.md §4), in one place for the web app, e-mails and the server. */
export const brand = {
  name: 'Lumigen',
  tagline: 'AI image studio',
  email: 'support@lumigen.example',
  phone: '+1 555 0100',
  socials: {
    facebook: 'https://www.facebook.com/lumigen',
    instagram: 'https://www.instagram.com/lumigen',
    linkedin: 'https://www.linkedin.com/company/lumigen',
    twitter: 'https://twitter.com/lumigen',
  },
} as const;
