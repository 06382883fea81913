/** One e-mail as the product writes it: the plain text and the HTML of the same message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}
