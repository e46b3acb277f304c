/** A Nigerian bank as Paystack lists it (GET /bank?country=nigeria): its id, slug and codes are Paystack's own. */
export interface StandinBank {
  id: number;
  name: string;
  slug: string;
  /** The code transfers and account resolution take (058 for GTBank). */
  code: string;
  /** The bank's NIBSS sort code, where Paystack gives one. */
  longcode: string;
  gateway: string | null;
  payWithBank: boolean;
}

/** Real Nigerian banks with their Paystack codes, in Paystack's order (by name). */
export const NIGERIAN_BANKS: readonly StandinBank[] = [
  { id: 1, name: "Access Bank", slug: "access-bank", code: "044", longcode: "044150149", gateway: "emandate", payWithBank: false },
  { id: 82, name: "Carbon", slug: "carbon", code: "565", longcode: "", gateway: null, payWithBank: false },
  { id: 2, name: "Citibank Nigeria", slug: "citibank-nigeria", code: "023", longcode: "023150005", gateway: null, payWithBank: false },
  { id: 4, name: "Ecobank Nigeria", slug: "ecobank-nigeria", code: "050", longcode: "050150010", gateway: null, payWithBank: false },
  { id: 677, name: "Fairmoney Microfinance Bank", slug: "fairmoney-microfinance-bank-ng", code: "51318", longcode: "", gateway: null, payWithBank: false },
  { id: 6, name: "Fidelity Bank", slug: "fidelity-bank", code: "070", longcode: "070150003", gateway: "emandate", payWithBank: false },
  { id: 7, name: "First Bank of Nigeria", slug: "first-bank-of-nigeria", code: "011", longcode: "011151003", gateway: "ibank", payWithBank: false },
  { id: 8, name: "First City Monument Bank", slug: "first-city-monument-bank", code: "214", longcode: "214150018", gateway: "emandate", payWithBank: false },
  { id: 70, name: "Globus Bank", slug: "globus-bank", code: "00103", longcode: "103015001", gateway: null, payWithBank: false },
  { id: 9, name: "Guaranty Trust Bank", slug: "guaranty-trust-bank", code: "058", longcode: "058152036", gateway: "ibank", payWithBank: true },
  { id: 22, name: "Jaiz Bank", slug: "jaiz-bank", code: "301", longcode: "301080020", gateway: null, payWithBank: false },
  { id: 11, name: "Keystone Bank", slug: "keystone-bank", code: "082", longcode: "082150017", gateway: null, payWithBank: false },
  { id: 67, name: "Kuda Bank", slug: "kuda-bank", code: "50211", longcode: "", gateway: "digitalbankmandate", payWithBank: true },
  { id: 233, name: "Lotus Bank", slug: "lotus-bank", code: "303", longcode: "", gateway: null, payWithBank: false },
  { id: 688, name: "Moniepoint MFB", slug: "moniepoint-mfb-ng", code: "50515", longcode: "", gateway: null, payWithBank: false },
  { id: 171, name: "OPay Digital Services Limited (OPay)", slug: "paycom", code: "999992", longcode: "", gateway: null, payWithBank: false },
  { id: 185, name: "Paga", slug: "paga", code: "100002", longcode: "", gateway: null, payWithBank: false },
  { id: 169, name: "PalmPay", slug: "palmpay", code: "999991", longcode: "", gateway: null, payWithBank: false },
  { id: 26, name: "Parallex Bank", slug: "parallex-bank", code: "104", longcode: "", gateway: null, payWithBank: false },
  { id: 13, name: "Polaris Bank", slug: "polaris-bank", code: "076", longcode: "076151006", gateway: null, payWithBank: false },
  { id: 25, name: "Providus Bank", slug: "providus-bank", code: "101", longcode: "", gateway: null, payWithBank: false },
  { id: 14, name: "Stanbic IBTC Bank", slug: "stanbic-ibtc-bank", code: "221", longcode: "221159522", gateway: null, payWithBank: false },
  { id: 15, name: "Standard Chartered Bank", slug: "standard-chartered-bank", code: "068", longcode: "068150015", gateway: null, payWithBank: false },
  { id: 16, name: "Sterling Bank", slug: "sterling-bank", code: "232", longcode: "232150016", gateway: "emandate", payWithBank: false },
  { id: 68, name: "TAJ Bank", slug: "taj-bank", code: "302", longcode: "", gateway: null, payWithBank: false },
  { id: 73, name: "Titan Bank", slug: "titan-bank", code: "102", longcode: "", gateway: null, payWithBank: false },
  { id: 17, name: "Union Bank of Nigeria", slug: "union-bank-of-nigeria", code: "032", longcode: "032080474", gateway: "emandate", payWithBank: false },
  { id: 18, name: "United Bank For Africa", slug: "united-bank-for-africa", code: "033", longcode: "033153513", gateway: "emandate", payWithBank: false },
  { id: 19, name: "Unity Bank", slug: "unity-bank", code: "215", longcode: "215154097", gateway: "emandate", payWithBank: false },
  { id: 20, name: "Wema Bank", slug: "wema-bank", code: "035", longcode: "035150103", gateway: null, payWithBank: false },
  { id: 21, name: "Zenith Bank", slug: "zenith-bank", code: "057", longcode: "057150013", gateway: "emandate", payWithBank: false },
];

export const bankByCode = (code: string): StandinBank | undefined => NIGERIAN_BANKS.find((bank) => bank.code === code);
