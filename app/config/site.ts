/*
 * Brand and contact details. A deployment changes them here, in one place.
 * The example values are reserved: example.com addresses and a phone number from a range kept for fiction.
 */
export const site = {
  name: "Arcline",
  legalName: "Arcline Technologies",
  tagline: "Technology services built on innovation, excellence and human-centred design.",
  emails: ["hello@example.com", "projects@example.com"],
  /** Where a new project is discussed: offered when the contact form cannot run (JavaScript off). */
  salesEmail: "projects@example.com",
  phone: { display: "+1 (555) 010-0199", href: "tel:+15550100199" },
  offices: ["Karachi", "San Francisco", "Munich"],
  copyrightYear: 2025,
} as const;
