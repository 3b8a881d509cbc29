import { defineEntity, p } from '@mikro-orm/core';

/** Seed §1/§2: the four enquiry pages, one type each. */
export const ENQUIRY_TYPES = ['recruitment', 'distribution', 'partnership', 'contact'] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number];

/**
 * One message sent from an enquiry page (product: "Enquiry"). Kept as written (trimmed), with the time
 * and the client key it came from (`clientKey`: the /64 for IPv6), for the admin list and for abuse.
 */
export class Enquiry {
  id!: number;
  type: EnquiryType;
  name: string;
  company: string | null;
  email: string;
  phone: string | null;
  message: string;
  ip: string;
  createdAt: Date = new Date();

  constructor(input: { type: EnquiryType; name: string; company: string | null; email: string; phone: string | null; message: string; ip: string }) {
    this.type = input.type;
    this.name = input.name;
    this.company = input.company;
    this.email = input.email;
    this.phone = input.phone;
    this.message = input.message;
    this.ip = input.ip;
  }
}

export const EnquirySchema = defineEntity({
  class: Enquiry,
  tableName: 'enquiries',
  properties: {
    id: p.integer().primary().autoincrement(),
    type: p.string().length(20),
    name: p.string().length(100),
    company: p.string().length(200).nullable(),
    email: p.string().length(254),
    phone: p.string().length(40).nullable(),
    message: p.text(),
    ip: p.string().length(64),
    createdAt: p.datetime(),
  },
});
