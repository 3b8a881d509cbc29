import type { Transporter } from 'nodemailer';

type Nodemailer = typeof import('nodemailer')['default'];
type TransportOptions = Parameters<Nodemailer['createTransport']>[0];

let nodemailerLoaded: Promise<Nodemailer> | null = null;

/**
 * nodemailer, loaded at the first message: importing it (its MIME, address and transport modules) costs a process
 * ~4 MB of heap and ~10 MB of RSS that a web server answering the storefront carries for nothing until somebody
 * buys or signs up (ADR 0068).
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
