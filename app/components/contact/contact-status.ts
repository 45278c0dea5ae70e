/** The status line's texts, exactly as the spec words them. */
export const contactStatus = {
  sending: "Sending...",
  captchaMissing: "Please complete the reCAPTCHA.",
  sent: "Message sent successfully!",
  failed: "Error: Failed to send message. Please check your network or try again later.",
} as const;

export type ContactStatus = (typeof contactStatus)[keyof typeof contactStatus] | "";
