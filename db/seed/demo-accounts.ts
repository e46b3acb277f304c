import { randomBytes } from "node:crypto";
import type { NIGERIAN_STATES, Role, VendorStatus } from "../../lib/constants";

type NigerianState = (typeof NIGERIAN_STATES)[number];

/** Shared password of every demo user, published in the README: outside production only. */
export const DEMO_PASSWORD = "Tokunbo-demo-2026";

const randomPassword = () => randomBytes(12).toString("base64url");

/**
 * Passwords for demo data on a production site: one random password per demo account (for the
 * operator to print once), and one nobody is shown for every other seeded account.
 */
export function randomDemoPasswords(): { byEmail: ReadonlyMap<string, string>; others: string } {
  return { byEmail: new Map(DEMO_ACCOUNTS.map((account) => [account.email, randomPassword()])), others: randomPassword() };
}

export interface DemoAccount {
  email: string;
  fullName: string;
  /** The role the account resolves to (its most recent user_roles row). */
  role: Role;
  description: string;
}

/** The sign-ins to show people around the demo. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: "superadmin@tokunbo.test",
    fullName: "Adaeze Nwachukwu",
    role: "super_admin",
    description: "Super admin: manages admins, plus everything an admin can do.",
  },
  {
    email: "admin@tokunbo.test",
    fullName: "Babatunde Ajayi",
    role: "admin",
    description: "Admin: approves vendors and listings, sets prices, manages orders, reviews and site content.",
  },
  {
    email: "vendor@tokunbo.test",
    fullName: "Oluwaseun Adeyemi",
    role: "vendor",
    description: "Approved and verified vendor, owns Ikeja Gadget Hub in Computer Village, Lagos.",
  },
  {
    email: "pending.vendor@tokunbo.test",
    fullName: "Hauwa Danjuma",
    role: "customer",
    description: "Vendor applicant (Garki Phone Store, Abuja) awaiting review; pre-approval form submitted.",
  },
  {
    email: "customer@tokunbo.test",
    fullName: "Chiamaka Okafor",
    role: "customer",
    description: "Customer with orders in every status, items in the cart and notifications.",
  },
];

export interface DemoVendor {
  ownerEmail: string;
  ownerName: string;
  businessName: string;
  contactPhone: string;
  businessAddress: string;
  state: NigerianState;
  status: VendorStatus;
  verified: boolean;
  rejectionReason?: string;
}

export const DEMO_VENDORS: readonly DemoVendor[] = [
  {
    ownerEmail: "vendor@tokunbo.test",
    ownerName: "Oluwaseun Adeyemi",
    businessName: "Ikeja Gadget Hub",
    contactPhone: "+2348031234567",
    businessAddress: "Shop 24, Otigba Street, Computer Village, Ikeja, Lagos",
    state: "Lagos",
    status: "approved",
    verified: true,
  },
  {
    ownerEmail: "wuse.mobile@tokunbo.test",
    ownerName: "Ibrahim Musa",
    businessName: "Wuse Mobile World",
    contactPhone: "+2348057788123",
    businessAddress: "Suite B12, Banex Plaza, Aminu Kano Crescent, Wuse 2, Abuja",
    state: "Federal Capital Territory",
    status: "approved",
    verified: true,
  },
  {
    ownerEmail: "gardencity.phones@tokunbo.test",
    ownerName: "Tamunoemi Briggs",
    businessName: "Garden City Phones",
    contactPhone: "+2348139045521",
    businessAddress: "17 Aba Road, by GRA Junction, Port Harcourt, Rivers",
    state: "Rivers",
    status: "approved",
    verified: true,
  },
  {
    ownerEmail: "dugbe.phones@tokunbo.test",
    ownerName: "Kehinde Afolabi",
    businessName: "Dugbe Phone Mart",
    contactPhone: "+2347062218890",
    businessAddress: "Shop 8, Cocoa House Complex, Dugbe, Ibadan, Oyo",
    state: "Oyo",
    status: "approved",
    verified: false,
  },
  {
    ownerEmail: "pending.vendor@tokunbo.test",
    ownerName: "Hauwa Danjuma",
    businessName: "Garki Phone Store",
    contactPhone: "+2348091234567",
    businessAddress: "Shop 5, Garki International Market, Area 10, Garki, Abuja",
    state: "Federal Capital Territory",
    status: "pending",
    verified: false,
  },
  {
    ownerEmail: "onitsha.gadgets@tokunbo.test",
    ownerName: "Chukwuemeka Obi",
    businessName: "Onitsha Gadget Palace",
    contactPhone: "+2348064412378",
    businessAddress: "22 New Market Road, Onitsha, Anambra",
    state: "Anambra",
    status: "rejected",
    verified: false,
    rejectionReason:
      "The CAC registration number does not match the business name and the ID document was unreadable. Please apply again with matching documents.",
  },
];

export interface DemoCustomer {
  email: string;
  fullName: string;
  phone: string;
  address: string;
  city: string;
  state: NigerianState;
}

/** Buyers; the first is the demo customer. */
export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  { email: "customer@tokunbo.test", fullName: "Chiamaka Okafor", phone: "+2348023456789", address: "Flat 3, 12 Admiralty Way, Lekki Phase 1", city: "Lekki", state: "Lagos" },
  { email: "adebayo.ogunleye@tokunbo.test", fullName: "Adebayo Ogunleye", phone: "+2348034567812", address: "45 Adeniran Ogunsanya Street, Surulere", city: "Lagos", state: "Lagos" },
  { email: "ngozi.eze@tokunbo.test", fullName: "Ngozi Eze", phone: "+2348165432190", address: "9 Ogui Road, near Holy Ghost Cathedral", city: "Enugu", state: "Enugu" },
  { email: "emeka.nwosu@tokunbo.test", fullName: "Emeka Nwosu", phone: "+2347038821456", address: "14 Wetheral Road", city: "Owerri", state: "Imo" },
  { email: "fatima.bello@tokunbo.test", fullName: "Fatima Bello", phone: "+2348059923411", address: "27 Murtala Mohammed Way, Nassarawa GRA", city: "Kano", state: "Kano" },
  { email: "tunde.bakare@tokunbo.test", fullName: "Tunde Bakare", phone: "+2348027781134", address: "6 Ring Road, opposite State Hospital", city: "Ibadan", state: "Oyo" },
  { email: "aisha.mohammed@tokunbo.test", fullName: "Aisha Mohammed", phone: "+2349012334567", address: "31 Ahmadu Bello Way", city: "Kaduna", state: "Kaduna" },
  { email: "ifeanyi.okoro@tokunbo.test", fullName: "Ifeanyi Okoro", phone: "+2348142256789", address: "3 Woji Road, off Peter Odili Road, Trans-Amadi", city: "Port Harcourt", state: "Rivers" },
  { email: "funmilayo.ojo@tokunbo.test", fullName: "Funmilayo Ojo", phone: "+2348067754321", address: "12 Oba Adesida Road", city: "Akure", state: "Ondo" },
  { email: "yusuf.abdullahi@tokunbo.test", fullName: "Yusuf Abdullahi", phone: "+2348098876543", address: "Plot 1123 Ahmadu Bello Way, Garki II", city: "Abuja", state: "Federal Capital Territory" },
  { email: "blessing.akpan@tokunbo.test", fullName: "Blessing Akpan", phone: "+2347065543321", address: "21 Oron Road", city: "Uyo", state: "Akwa Ibom" },
];
