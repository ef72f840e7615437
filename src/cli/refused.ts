/**
 * An operator's command that cannot be carried out as asked (a server runs on the data dir, a
 * file exists): the CLI prints the message on one line and exits 2.
 */
export class Refused extends Error {}
