/** AccountTools: logging in and out, registering, password changes and account lookups. */
import { z } from 'zod';
import type { Row } from '../../spec/index.js';
import type { WorldTransaction } from '../../tools/index.js';
import { TABLES } from './tooltalk-tables.js';
import {
  defineToolTalkTool,
  failWith,
  isEmailAddress,
  isPhoneNumber,
  loggedInAccount,
  nextToolId,
  setSessionToken,
  usernameOf,
} from './tooltalk-tool.js';

const SUITE = 'AccountTools';

const publicProfile = (username: string, account: Row) => ({
  username,
  email: account.email ?? null,
  phone: account.phone ?? null,
  name: account.name ?? null,
});

function accountNamed(world: WorldTransaction, username: string): Row | undefined {
  return world.find(TABLES.accounts, username);
}

export const changePassword = defineToolTalkTool(SUITE, true, {
  name: 'ChangePassword',
  description: "Sets a new password for the logged-in user's account, given the current one.",
  parameters: z.object({
    old_password: z.string().describe('The password the account has now.'),
    new_password: z.string().describe('The password to use from now on.'),
  }),
  returns: '{status: "success"}',
  kind: 'action',
  run(args, { world }) {
    const account = loggedInAccount(world);
    if (account.password !== args.old_password) failWith('permission', 'The old password is incorrect.');
    world.update(TABLES.accounts, usernameOf(account), { password: args.new_password });
    return { status: 'success' };
  },
});

export const deleteAccount = defineToolTalkTool(SUITE, true, {
  name: 'DeleteAccount',
  description: "Removes the logged-in user's account for good; the password confirms it. Ends the login.",
  parameters: z.object({ password: z.string().describe("The account's password, to confirm.") }),
  returns: '{status: "success"}',
  kind: 'action',
  run(args, { world }) {
    const account = loggedInAccount(world);
    if (account.password !== args.password) failWith('permission', 'The password is incorrect.');
    world.remove(TABLES.accounts, usernameOf(account));
    setSessionToken(world, null);
    return { status: 'success' };
  },
});

export const getAccountInformation = defineToolTalkTool(SUITE, true, {
  name: 'GetAccountInformation',
  description: 'Shows the profile of the user who is logged in: username, email, phone and name.',
  parameters: z.object({}),
  returns: '{user: {username, email, phone, name}}',
  kind: 'read',
  run(_args, { world }) {
    const account = loggedInAccount(world);
    return { user: publicProfile(usernameOf(account), account) };
  },
});

export const logoutUser = defineToolTalkTool(SUITE, true, {
  name: 'LogoutUser',
  description: 'Ends the current login.',
  parameters: z.object({}),
  returns: '{status: "success"}',
  kind: 'action',
  run(_args, { world }) {
    const account = loggedInAccount(world);
    world.update(TABLES.accounts, usernameOf(account), { session_token: null });
    setSessionToken(world, null);
    return { status: 'success' };
  },
});

export const queryUser = defineToolTalkTool(SUITE, true, {
  name: 'QueryUser',
  description:
    'Looks up other users by username or by email address (give at least one). An email can belong to several users.',
  parameters: z.object({
    username: z.string().optional().describe('Username to look up; needed when no email is given.'),
    email: z.string().optional().describe('Email address to look up; needed when no username is given.'),
  }),
  returns: '{users: [{username, email, phone, name}]}',
  kind: 'read',
  run(args, { world }) {
    loggedInAccount(world);
    if (args.username === undefined && args.email === undefined) {
      failWith('invalid-value', 'You need to provide at least one of username and email.');
    }
    if (args.username === undefined) {
      return {
        users: world
          .rows(TABLES.accounts)
          .filter((row) => row.email === args.email)
          .map((row) => publicProfile(usernameOf(row), row)),
      };
    }
    const account = accountNamed(world, args.username);
    return { users: account ? [publicProfile(args.username, account)] : [] };
  },
});

export const registerUser = defineToolTalkTool(SUITE, false, {
  name: 'RegisterUser',
  description: 'Creates a new account and logs the new user in, returning their session token.',
  parameters: z.object({
    username: z.string().describe('The login name to register.'),
    password: z.string().describe('The password for the new account.'),
    email: z.string().describe('The email address of the new user.'),
    name: z.string().optional().describe("The new user's full name."),
    phone: z.string().optional().describe("The new user's phone number, written xxx-xxx-xxxx."),
  }),
  returns: '{session_token, user: {username, email, phone, name}}',
  kind: 'action',
  run(args, { world }) {
    if (accountNamed(world, args.username)) failWith('duplicate', 'The username already exists.');
    if (!isEmailAddress(args.email)) failWith('invalid-value', 'The email format is invalid.');
    if (args.phone !== undefined && !isPhoneNumber(args.phone)) {
      failWith('invalid-value', 'The phone number format is invalid.');
    }
    const token = nextToolId(world, 'RegisterUser', 'sessionToken');
    const account = {
      username: args.username,
      password: args.password,
      session_token: token,
      email: args.email,
      phone: args.phone ?? null,
      name: args.name ?? null,
      verification_code: null,
    };
    world.insert(TABLES.accounts, account);
    setSessionToken(world, token);
    return { session_token: token, user: publicProfile(args.username, account) };
  },
});

export const resetPassword = defineToolTalkTool(SUITE, false, {
  name: 'ResetPassword',
  description: 'Sets a new password for a user who received a verification code (see SendVerificationCode).',
  parameters: z.object({
    username: z.string().describe('The user whose password to reset.'),
    verification_code: z.string().describe('The six-digit code the user received.'),
    new_password: z.string().describe('The password to use from now on.'),
  }),
  returns: '{status: "success"}',
  kind: 'action',
  run(args, { world }) {
    const account = accountNamed(world, args.username);
    if (!account) failWith('not-found', 'The username does not exist.');
    if (account.verification_code === null || account.verification_code !== args.verification_code) {
      failWith('permission', 'The verification code is incorrect.');
    }
    world.update(TABLES.accounts, args.username, { password: args.new_password });
    return { status: 'success' };
  },
});

export const sendVerificationCode = defineToolTalkTool(SUITE, false, {
  name: 'SendVerificationCode',
  description:
    "Starts a password reset: sends a verification code to the user's email address, which must match the account.",
  parameters: z.object({
    username: z.string().describe('The user who forgot their password.'),
    email: z.string().describe('The email address on the account.'),
  }),
  returns: '{status: "success"}',
  kind: 'action',
  run(args, { world }) {
    const account = accountNamed(world, args.username);
    if (!account) failWith('not-found', 'The username does not exist.');
    if (account.email !== args.email) failWith('invalid-value', 'The email is incorrect.');
    const code = nextToolId(world, 'SendVerificationCode', 'verificationCode');
    world.update(TABLES.accounts, args.username, { verification_code: code });
    return { status: 'success' };
  },
});

export const updateAccountInformation = defineToolTalkTool(SUITE, true, {
  name: 'UpdateAccountInformation',
  description:
    "Changes the logged-in user's email, phone number or name; the password confirms it. Give a new email or phone.",
  parameters: z.object({
    password: z.string().describe("The account's password, to confirm."),
    new_email: z.string().optional().describe('The email address to use instead.'),
    new_phone_number: z.string().optional().describe('The phone number to use instead, written xxx-xxx-xxxx.'),
    new_name: z.string().optional().describe('The name to use instead.'),
  }),
  returns: '{status: "success"}',
  kind: 'action',
  run(args, { world }) {
    const account = loggedInAccount(world);
    const username = usernameOf(account);
    if (account.password !== args.password) failWith('permission', 'The password is incorrect.');
    if (args.new_email === undefined && args.new_phone_number === undefined) {
      failWith('invalid-value', 'You need to provide at least one of new_email and new_phone_number.');
    }
    if (args.new_email !== undefined) {
      if (!isEmailAddress(args.new_email)) failWith('invalid-value', 'The email is invalid.');
      world.update(TABLES.accounts, username, { email: args.new_email });
    }
    if (args.new_phone_number !== undefined) {
      if (!isPhoneNumber(args.new_phone_number)) failWith('invalid-value', 'The phone number is invalid.');
      world.update(TABLES.accounts, username, { phone: args.new_phone_number });
    }
    if (args.new_name !== undefined) world.update(TABLES.accounts, username, { name: args.new_name });
    return { status: 'success' };
  },
});

export const userLogin = defineToolTalkTool(SUITE, false, {
  name: 'UserLogin',
  description: 'Logs a user in with username and password and returns a session token.',
  parameters: z.object({
    username: z.string().describe('The login name.'),
    password: z.string().describe('The password.'),
  }),
  returns: '{session_token}',
  kind: 'action',
  run(args, { world }) {
    const account = accountNamed(world, args.username);
    if (!account) failWith('not-found', 'The username does not exist.');
    if (account.password !== args.password) failWith('permission', 'The password is incorrect.');
    if (account.session_token !== null) failWith('duplicate', 'The user is already logged in.');
    const token = nextToolId(world, 'UserLogin', 'sessionToken');
    world.update(TABLES.accounts, args.username, { session_token: token });
    setSessionToken(world, token);
    return { session_token: token };
  },
});

export const ACCOUNT_TOOLS = [
  getAccountInformation,
  deleteAccount,
  userLogin,
  logoutUser,
  changePassword,
  registerUser,
  sendVerificationCode,
  resetPassword,
  queryUser,
  updateAccountInformation,
];
