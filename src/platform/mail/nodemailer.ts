import type { Transporter } from 'nodemailer';

type Nodemailer = typeof import('nodemailer')['default'];
type TransportOptions = Parameters<Nodemailer['createTransport']>[0];

let nodemailerLoaded: Promise<Nodemailer> | null = null;

/**
 * nodemailer, loaded at the first message: a web server answering the storefront has no use for its MIME, address
 * and transport modules until somebody buys or signs up (about 2 MB of RSS at idle, measured in ADR 0068).
 */
function loadNodemailer(): Promise<Nodemailer> {
  nodemailerLoaded ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer);
  return nodemailerLoaded;
}

/** A transport made at its first use with the options given now; every later use gets the same one. */
export class LazyTransport {
  private made: Promise<Transporter> | null = null;

  constructor(private readonly options: TransportOptions) {}

  get(): Promise<Transporter> {
    this.made ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(this.options));
    return this.made;
  }

  /** The transport if a message has made it, else null (closing one must not load nodemailer). */
  ifMade(): Promise<Transporter> | null {
    return this.made;
  }
}
