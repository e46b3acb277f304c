/**
 * Bank accounts the stand-in resolves, with any listed bank code; every other account number fails
 * to resolve, as on Paystack. `outcome` is where a transfer to the account ends: success
 * (transfer.success), failed (transfer.failed, TRANSFER_FAILURE_REASON), or reversed
 * (transfer.success, then transfer.reversed with TRANSFER_REVERSAL_REASON), or otp: the transfer
 * waits in status `otp`, as on a Paystack integration with Transfers OTP on, until it is finalized
 * with TRANSFER_OTP (then it succeeds); a bulk transfer that includes it is refused.
 */
export const TEST_ACCOUNTS = {
  adebayo: { number: "0001234567", name: "ADEBAYO OLUWASEUN", outcome: "success" },
  chioma: { number: "0002345678", name: "CHIOMA OKEKE", outcome: "success" },
  musa: { number: "0003456789", name: "MUSA IBRAHIM", outcome: "success" },
  ngozi: { number: "0004567890", name: "NGOZI EZE", outcome: "success" },
  failing: { number: "0009999999", name: "FAILING PAYOUTS LTD", outcome: "failed" },
  reversed: { number: "0008888888", name: "REVERSED PAYOUTS LTD", outcome: "reversed" },
  otp: { number: "0007777777", name: "OTP PAYOUTS LTD", outcome: "otp" },
} as const;

/** The OTP that finalizes a transfer to TEST_ACCOUNTS.otp; any other is refused. */
export const TRANSFER_OTP = "123456";

export type TestAccount = (typeof TEST_ACCOUNTS)[keyof typeof TEST_ACCOUNTS];

/** Why transfers to TEST_ACCOUNTS.failing fail. */
export const TRANSFER_FAILURE_REASON = "Account is dormant";
/** Why transfers to TEST_ACCOUNTS.reversed are reversed after succeeding. */
export const TRANSFER_REVERSAL_REASON = "The beneficiary bank returned the transfer";

export const testAccountByNumber = (accountNumber: string): TestAccount | undefined =>
  Object.values(TEST_ACCOUNTS).find((account) => account.number === accountNumber);
