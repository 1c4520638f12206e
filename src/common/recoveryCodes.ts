/**
 * Recovery codes of the authenticator app: at or below this many unused codes, the
 * account page and the sign-in step suggest making new ones.
 */
const FEW_RECOVERY_CODES = 3;

export function fewRecoveryCodesLeft(left: number): boolean {
  return left <= FEW_RECOVERY_CODES;
}
