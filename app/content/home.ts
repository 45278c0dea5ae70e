import type { HomeInput } from "./schema";

// Copy of the home page. Cards of services, industries and resources come from their own modules.
export const home: HomeInput = {
  seo: {
    title: "Arcline | Software, Cloud, AI and Data Services for Growing Businesses",
    description:
      "Arcline designs, builds and runs software, cloud, AI and data platforms for businesses in ten industries: 500+ projects delivered for 50+ global clients.",
  },
  hero: {
    eyebrow: "Technology services, built to last",
    title: "Software, cloud and AI that move your business forward",
    text: "We design, build and run the platforms behind growing companies, from the first product sketch to systems serving millions of users. Teams in Karachi, San Francisco and Munich, one standard of engineering.",
    highlights: [
      { value: "500+", label: "Projects delivered" },
      { value: "98%", label: "Success rate" },
      { value: "24/7", label: "Support" },
    ],
  },
  services: {
    eyebrow: "What we do",
    title: "Services that take you from idea to impact",
    intro: "Ten practices, one delivery model: small senior teams, measurable outcomes, and systems your own people can run after we leave.",
  },
  industries: {
    eyebrow: "Industries",
    title: "Proven across the industries we serve",
    intro: "We bring working knowledge of each sector’s regulation, data and operations, so projects start with the right questions instead of a learning curve.",
  },
  resources: {
    eyebrow: "Resources",
    title: "Insights from our practice",
    intro: "Plain-English guides to the technologies our clients ask about most, with the problems they solve and what adoption really takes.",
  },
  about: {
    eyebrow: "About us",
    title: "Driven by innovation, grounded in excellence",
    paragraphs: [
      "Arcline is a technology services company that puts people at the centre of every system it builds. We pair product thinking with rigorous engineering, and we measure our work by what changes for your customers and teams.",
      "Our goal is to be a hub of world-class services and products from one country, serving clients everywhere: engineers, designers and data specialists who take ownership of hard problems and see them through.",
    ],
    stats: [
      { value: "500+", label: "Projects Delivered" },
      { value: "50+", label: "Global Clients" },
    ],
    values: [
      { icon: "users", title: "Human-Centered", description: "We design with the people who will use the system, test with them early, and build for how they actually work." },
      { icon: "target", title: "Excellence Driven", description: "Code review, automated tests and clear documentation are part of every delivery, not extras left for later." },
      { icon: "puzzle", title: "Problem Solvers", description: "We start from the business problem, not the technology, and choose the simplest design that will hold up." },
      { icon: "globe", title: "Global Impact", description: "Distributed teams across three continents give clients round-the-clock progress and a local point of contact." },
    ],
  },
  contact: {
    eyebrow: "Contact",
    title: "Let's Build the Future Together",
    intro: "Tell us what you want to achieve. A senior consultant reads every message and replies within one business day.",
    getInTouch: "Whether you have a detailed brief or an early idea, we’ll help you shape scope, timeline and budget, with no obligation.",
    privacyNote:
      "We use your details only to reply to this enquiry, with the pages you visited on this site in this visit: they go to our sales team, are never sold or shared, and we delete them whenever you ask.",
    privacyNoteWithoutAttribution: "We use your details only to reply to this enquiry: they go to our sales team, are never sold or shared, and we delete them whenever you ask.",
    confirmationEmail: {
      subject: "We received your message (reference #{reference})",
      greeting: "Hello,",
      received: "Thank you for contacting Arcline. Your message reached us on {received}, and a senior consultant will reply within one business day.",
      reference: "Your reference number is #{reference}. Quote it if you write to us about this enquiry.",
      contact: "You can also reach us directly:",
      notYou: "If you did not write to us, someone entered your address by mistake: ignore this e-mail, and nothing more will be sent.",
      signOff: "The Arcline team",
    },
    whyChooseUs: {
      points: [
        "Senior engineers on every project",
        "Fixed-scope discovery before any long commitment",
        "Transparent weekly progress and costs",
      ],
      stats: [
        { value: "24/7", label: "Support" },
        { value: "98%", label: "Success Rate" },
      ],
    },
  },
};
