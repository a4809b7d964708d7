export {
  apiKeyCreatedMail,
  changeEmailMail,
  loginGuessingMail,
  passwordResetDoneMail,
  passwordResetMail,
  verifyEmailMail,
} from './mail-templates.ts';
export { type Mailer, createMailer } from './mailer.ts';
export { pruneOutbox } from './mailer.ts';
