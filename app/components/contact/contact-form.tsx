/** The contact form (implemented by the contact issue). */
export function ContactForm() {
  return <form aria-label="Start Your Project" />;
}
