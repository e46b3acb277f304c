/**
 * Paystack's bank endpoints as a small fake PaymentProvider, for tests of payout details that
 * need no card payments: it lists three banks, resolves the account numbers of RESOLVED_NAMES,
 * and counts what it is asked.
 */
import { type CreateTransferRecipient, type PaymentProvider, PaymentProviderError } from "../../domain/payments/provider";

export const FAKE_BANKS = [
  { id: 21, name: "Zenith Bank", code: "057" },
  { id: 9, name: "Guaranty Trust Bank", code: "058" },
  { id: 1, name: "Access Bank", code: "044" },
];

/** The name each account number resolves to; any other number is 'Could not resolve account name' (422). */
export const RESOLVED_NAMES: Readonly<Record<string, string>> = {
  "0123456789": "ADEBAYO OLUWASEUN",
  "0234567891": "ADEBAYO O. OLUWASEUN",
  "0345678912": "CHUKWUEMEKA OKAFOR",
  "0456789123": "NGOZI EZE",
  "0567891234": "NGOZI EZE",
};

const unused = () => Promise.reject(new Error("not part of the bank fake"));

export interface FakeBankPayments {
  provider: PaymentProvider;
  asked: { banks: number; recipients: CreateTransferRecipient[]; resolves: string[] };
}

export function fakeBankPayments(overrides: Partial<PaymentProvider> = {}): FakeBankPayments {
  const asked: FakeBankPayments["asked"] = { banks: 0, recipients: [], resolves: [] };
  const provider: PaymentProvider = {
    testMode: true,
    initialize: unused,
    verify: unused,
    listTransactions: unused,
    refund: unused,
    fetchRefund: unused,
    listRefunds: unused,
    retryRefundToAccount: unused,
    transfer: unused,
    bulkTransfer: unused,
    verifyTransfer: unused,
    finalizeTransfer: unused,
    resendTransferOtp: unused,
    async listBanks() {
      asked.banks += 1;
      return FAKE_BANKS;
    },
    async resolveAccount(accountNumber) {
      asked.resolves.push(accountNumber);
      const accountName = RESOLVED_NAMES[accountNumber];
      if (!accountName) throw new PaymentProviderError("Could not resolve account name. Check parameters or try again.", 422);
      return { accountNumber, accountName };
    },
    async createTransferRecipient(input) {
      asked.recipients.push(input);
      return `RCP_${input.accountNumber}`;
    },
    ...overrides,
  };
  return { provider, asked };
}
