// Which pages the footer lists (the spec picks them); titles come from the content.
export const footerLinks = {
  services: ["ux-design", "platform-modernization", "digital-transformation", "intelligent-enterprise", "cybersecurity"],
  industries: [
    "manufacturing-supply-chain",
    "retail-ecommerce",
    "healthcare-life-sciences",
    "telecom-real-estate",
    "bfsi-compliance-tech",
  ],
} as const;

/** Links that lead nowhere yet; they must not navigate or move the page. */
export const placeholderLinks = ["Privacy Policy", "Terms of Service", "Cookies"] as const;
