import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  isLongerThanFour,
  isPlaceholderUser,
  loginSchema,
  passwordSchema,
  resetConfirmFormSchema,
  resetConfirmSchema,
  securityCodeSchema,
  temporaryConfirmFormSchema,
  temporaryConfirmSchema,
} from './account';
import { phoneSchema } from './phone';
import { registerFormSchema, registerSchema } from './register';
import { emailSchema, personNameSchema } from './field-schemas';

/** The message keys a schema answers for `value` (empty when valid). */
const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};
const fieldMessages = (schema: z.ZodType, value: unknown, field: string) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);
};

describe('password (SPEC §5: 8+ characters, upper, lower, digit, one of !@#*?$)', () => {
  it.each(['Secret#2026', 'aB3!aaaa', 'Zz9$zzzzzzzz', 'Mañana#2026', 'P4ss?word', 'xY7*xxxx', 'Q1@qqqqq'])('accepts %s', (value) => {
    expect(messages(passwordSchema, value)).toEqual([]);
  });

  it.each([
    ['Sh0rt#', 'too short'],
    ['aB3!aaa', '7 characters'],
    ['secret#2026', 'no upper case'],
    ['SECRET#2026', 'no lower case'],
    ['Secret#word', 'no digit'],
    ['Secret2026', 'no special'],
    ['Secret%2026', '% is not one of the specials'],
    ['Secret 2026-', 'space and hyphen are not specials'],
  ])('rejects %s (%s)', (value) => {
    expect(messages(passwordSchema, value)).toEqual(['validation.password']);
  });

  it('says "required" for an empty password and refuses absurd lengths', () => {
    expect(messages(passwordSchema, '')).toEqual(['validation.required']);
    expect(messages(passwordSchema, undefined)).toEqual(['validation.required']);
    expect(messages(passwordSchema, `Aa1!${'x'.repeat(200)}`)).toContain('validation.passwordTooLong');
  });
});

describe('repeated password must match', () => {
  const form = {
    firstName: 'Ana',
    lastName: 'Pérez',
    email: 'ana@example.com',
    phone: '+5491155551234',
    password: 'Secret#2026',
    repeatPassword: 'Secret#2026',
    acceptTerms: true,
  };

  it('accepts a matching repeat', () => {
    expect(messages(registerFormSchema, form)).toEqual([]);
  });

  it('rejects a different repeat on repeatPassword', () => {
    expect(fieldMessages(registerFormSchema, { ...form, repeatPassword: 'Secret#2027' }, 'repeatPassword')).toEqual(['validation.passwordsMismatch']);
  });

  it('applies the same rule on the reset form', () => {
    const reset = { email: 'ana@example.com', code: '123456', newPassword: 'Secret#2026', repeatPassword: 'Secret#2026' };
    expect(messages(resetConfirmFormSchema, reset)).toEqual([]);
    expect(fieldMessages(resetConfirmFormSchema, { ...reset, repeatPassword: 'secret#2026' }, 'repeatPassword')).toEqual(['validation.passwordsMismatch']);
  });

  it('applies the same rules on the temporary-password form', () => {
    const temporary = { newPassword: 'Secret#2026', repeatPassword: 'Secret#2026' };
    expect(messages(temporaryConfirmFormSchema, temporary)).toEqual([]);
    expect(fieldMessages(temporaryConfirmFormSchema, { ...temporary, repeatPassword: 'secret#2026' }, 'repeatPassword')).toEqual([
      'validation.passwordsMismatch',
    ]);
    expect(fieldMessages(temporaryConfirmFormSchema, { newPassword: 'short', repeatPassword: 'short' }, 'newPassword')).toEqual(['validation.password']);
  });
});

describe('email', () => {
  it.each(['ana@example.com', 'ana.perez+alta@sub.example.com.br', 'o_brien@example.co'])('accepts %s', (value) => {
    expect(messages(emailSchema, value)).toEqual([]);
  });

  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Ana.Perez@Example.COM ')).toBe('ana.perez@example.com');
  });

  it.each(['ana', 'ana@', '@example.com', 'ana@example', 'ana @example.com', 'ana@@example.com', 'ana@example..com'])('rejects %s', (value) => {
    expect(messages(emailSchema, value)).toEqual(['validation.email']);
  });

  it('says "required" when empty and refuses more than 254 characters', () => {
    expect(messages(emailSchema, '   ')).toEqual(['validation.required']);
    expect(messages(emailSchema, `${'a'.repeat(250)}@example.com`)).toEqual(['validation.email']);
  });
});

describe('phone with country code', () => {
  it.each(['+5491155551234', '+14155552671', '+5511987654321', '+34612345678', '+52 55 1234 5678'])('accepts %s', (value) => {
    expect(messages(phoneSchema, value)).toEqual([]);
  });

  it.each([
    ['1155551234', 'no country code'],
    ['4155552671', 'US number without +1'],
    ['+99912345', 'unknown country code'],
    ['+5491', 'too short'],
    ['+54 9 11 abcd 1234', 'letters'],
  ])('rejects %s (%s)', (value) => {
    expect(messages(phoneSchema, value)).toEqual(['validation.phone']);
  });

  it('says "required" when empty', () => {
    expect(messages(phoneSchema, '')).toEqual(['validation.required']);
  });
});

describe('names: required, letters only, at least 2', () => {
  it.each(['Ana', 'Jo', 'María José', "O'Neil", 'Souza-Lima', 'Zoë', 'Łukasz', 'Иван', '李明'])('accepts %s', (value) => {
    expect(messages(personNameSchema, value)).toEqual([]);
  });

  it('rejects one letter with validation.nameMin', () => {
    expect(messages(personNameSchema, 'A')).toEqual(['validation.nameMin']);
    expect(messages(personNameSchema, ' A ')).toEqual(['validation.nameMin']);
  });

  it.each(['Ana2', 'Ana!', 'R2-D2', 'Ana  Pérez', '-Ana', 'Ana_Pérez', '<script>'])('rejects %s with validation.nameLetters', (value) => {
    expect(messages(personNameSchema, value)).toContain('validation.nameLetters');
  });

  it('says "required" when empty', () => {
    expect(messages(personNameSchema, '')).toEqual(['validation.required']);
    expect(messages(personNameSchema, undefined)).toEqual(['validation.required']);
  });
});

describe('reset security code: 6 digits', () => {
  it.each(['123456', '000000', ' 987654 '])('accepts %s', (value) => {
    expect(messages(securityCodeSchema, value)).toEqual([]);
  });

  it.each(['12345', '1234567', '12a456', '', '12 456', '١٢٣٤٥٦'])('rejects %s', (value) => {
    expect(messages(securityCodeSchema, value)).toEqual(['validation.securityCode']);
  });
});

describe('API bodies', () => {
  const register = { firstName: 'Ana', lastName: 'Pérez', email: 'ana@example.com', password: 'Secret#2026', acceptTerms: true };

  it('registration needs a password or a Google token, not both, and accepted terms', () => {
    expect(registerSchema.parse(register).language).toBe('es');
    const { password: _password, ...withoutPassword } = register;
    expect(fieldMessages(registerSchema, withoutPassword, 'password')).toEqual(['validation.required']);
    expect(messages(registerSchema, { ...withoutPassword, token: 'google-id-token' })).toEqual([]);
    expect(fieldMessages(registerSchema, { ...register, token: 'google-id-token' }, 'token')).toEqual(['validation.invalid']);
    expect(fieldMessages(registerSchema, { ...register, acceptTerms: false }, 'acceptTerms')).toEqual(['validation.acceptTerms']);
  });

  it('bodies are strict: unknown fields are refused', () => {
    expect(registerSchema.safeParse({ ...register, role: 'admin' }).error?.issues[0]?.code).toBe('unrecognized_keys');
    expect(loginSchema.safeParse({ email: 'a@example.com', password: 'x', admin: true }).success).toBe(false);
    expect(resetConfirmSchema.safeParse({ email: 'a@example.com', code: '123456', newPassword: 'Secret#2026', extra: 1 }).success).toBe(false);
  });

  it('login takes email and password, or a token', () => {
    expect(loginSchema.safeParse({ email: 'a@example.com', password: 'anything' }).success).toBe(true);
    expect(loginSchema.safeParse({ token: 'google-id-token' }).success).toBe(true);
    expect(fieldMessages(loginSchema, { email: 'a@example.com' }, 'password')).toEqual(['validation.required']);
    expect(fieldMessages(loginSchema, { email: 'a@example.com', password: '' }, 'password')).toEqual(['validation.required']);
  });

  it('temporary confirmation needs the challenge and a valid new password', () => {
    expect(temporaryConfirmSchema.safeParse({ email: 'a@example.com', newPassword: 'Secret#2026', cognitoSession: 'abc' }).success).toBe(true);
    expect(fieldMessages(temporaryConfirmSchema, { email: 'a@example.com', newPassword: 'Secret#2026', cognitoSession: '' }, 'cognitoSession')).toEqual([
      'validation.required',
    ]);
    expect(fieldMessages(temporaryConfirmSchema, { email: 'a@example.com', newPassword: 'weak', cognitoSession: 'abc' }, 'newPassword')).toEqual([
      'validation.password',
    ]);
  });
});

describe('helpers', () => {
  it('a user named Generic User is a placeholder', () => {
    expect(isPlaceholderUser({ firstName: 'Generic', lastName: 'User' })).toBe(true);
    expect(isPlaceholderUser({ firstName: ' generic', lastName: 'USER ' })).toBe(true);
    expect(isPlaceholderUser({ firstName: 'Ana', lastName: 'User' })).toBe(false);
  });

  it('longer than 4 characters', () => {
    expect(isLongerThanFour('abcde')).toBe(true);
    expect(isLongerThanFour('abcd')).toBe(false);
    expect(isLongerThanFour('  abcd  ')).toBe(false);
    expect(isLongerThanFour(null)).toBe(false);
    expect(isLongerThanFour(undefined)).toBe(false);
  });
});
