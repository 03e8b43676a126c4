/**
 * SPEC §3 "reset password data": the email between the request and the confirm screens,
 * kept for this tab only (a reload of the confirm screen keeps it; logout clears `alta.*`).
 */
const key = 'alta.resetEmail';

export function rememberResetEmail(email: string) {
  try {
    sessionStorage.setItem(key, email);
  } catch {
    // Storage disabled: the confirm screen asks for the email again.
  }
}

export function recallResetEmail(): string {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

export function forgetResetEmail() {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing to forget.
  }
}
