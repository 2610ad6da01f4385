import {
  adminLoginSchema,
  challengeSchema,
  changePasswordSchema,
  signInSchema,
  signUpSchema,
  userSchema,
} from '../../contracts/auth.js';
import {
  forgotPasswordResultSchema,
  forgotPasswordSchema,
  loginPageQuerySchema,
  resetPasswordSchema,
} from '../../contracts/auth-password-reset.js';
import {
  confirmSecondFactorSchema,
  secondFactorEnabledSchema,
  secondFactorSetupSchema,
} from '../../contracts/auth-second-factor.js';

const html = { description: 'An HTML page', contentType: 'text/html' };
const redirect = (to: string) => ({ description: `A redirect to ${to}` });

/** Sign-up, sign-in (customers and admins), sign-out, passwords. */
export const authEndpoints = {
  'auth.challenge': {
    summary: 'A proof-of-work challenge for the sign-up and sign-in forms',
    responses: { 200: challengeSchema },
  },
  'auth.signUp': {
    summary: 'Create a customer account and sign in',
    body: signUpSchema,
    responses: { 201: userSchema },
  },
  'auth.signIn': {
    summary: 'Sign in as a customer',
    body: signInSchema,
    responses: { 200: userSchema },
  },
  'auth.admin.signIn': {
    summary: 'Sign in as an admin with a second factor; 202 starts its set-up',
    body: adminLoginSchema,
    responses: { 200: userSchema, 202: secondFactorSetupSchema },
  },
  'auth.admin.setup': {
    summary: "Confirm the admin's new second factor and sign in",
    body: confirmSecondFactorSchema,
    responses: { 200: secondFactorEnabledSchema },
  },
  'auth.user': { summary: 'The signed-in user', responses: { 200: userSchema } },
  'auth.loginPage': {
    summary: 'Where the Login and Sign Up links lead; `tab=signup` opens the Sign Up tab',
    query: loginPageQuerySchema,
    responses: { 302: redirect('the landing page sign-in or sign-up form') },
  },
  'auth.logout': { summary: 'Sign out', responses: { 303: redirect('the landing page') } },
  'auth.logoutPage': {
    summary: 'A page whose form signs out (GET never signs anybody out)',
    responses: { 200: html, 302: redirect('the landing page when signed out') },
  },
  'auth.logoutScript': {
    summary: "The sign-out page's script",
    responses: { 200: { description: 'JavaScript', contentType: 'text/javascript' } },
  },
  'auth.changePassword': {
    summary: "A new password; the user's other sessions end",
    body: changePasswordSchema,
    responses: { 204: null },
  },
  'auth.forgotPassword': {
    summary:
      'Email a one-time password reset link (an hour) if the address has an account; the same answer either way',
    body: forgotPasswordSchema,
    responses: { 200: forgotPasswordResultSchema },
  },
  'auth.resetPassword': {
    summary: 'A new password from a reset link; every session of the user ends',
    body: resetPasswordSchema,
    responses: { 204: null },
  },
  'auth.logoutEverywhere': {
    summary: 'End every session of the user, this one included',
    responses: { 204: null },
  },
} as const;
