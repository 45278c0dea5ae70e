import { z } from "zod";
import { uiIconNames } from "./icon-names";

/*
 * The shape of every piece of copy on the site. Limits protect the layout and search snippets;
 * the descriptions are the copywriter's guide. `npm run test:unit` and the build both parse all content.
 */

const text = (min: number, max: number, guide: string) => z.string().trim().min(min).max(max).describe(guide);

export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .describe("URL segment, lower-case words joined by hyphens");

export const seoSchema = z.object({
  title: text(10, 80, "Browser tab and search result title"),
  description: text(70, 160, "Meta description shown under the search result"),
});

export const uiIconSchema = z.enum(uiIconNames).describe("Name of a UI icon from ~/content/icon-names.ts");

export const techIconSchema = z
  .string()
  .regex(/^[a-z0-9]+$/)
  .describe("simple-icons slug of a technology logo, e.g. 'kubernetes' (checked against the package)");

export const ctaSchema = z.object({
  heading: text(10, 90, "Closing call-to-action heading"),
  text: text(40, 260, "One or two sentences inviting the visitor to get in touch"),
});

const titledText = z.object({
  title: text(3, 70, "Card heading"),
  description: text(40, 320, "Card body, one to three sentences"),
});

export const capabilitySchema = z.object({
  title: text(3, 70, "Capability name"),
  description: text(60, 320, "What we do and how, one to three sentences"),
  icons: z.array(techIconSchema).min(3).max(6).describe("Technology logos shown under the capability"),
});

export const useCaseSchema = z.object({
  title: text(3, 80, "Use case name"),
  points: z.array(text(15, 160, "One concrete bullet line")).length(4),
});

/**
 * A headline figure: a number (after an optional <, >, ~ or currency sign), an optional range or ratio,
 * then a unit: '25-40%', '$2M+', '2.5M+', '3x', '25%+', '<15 min', '8-12 wks', '24/7'. Never a word.
 */
export const figurePattern = /^[<>~]?[$€£]?\d[\d.,]*(?:[-–/][$€£]?\d[\d.,]*)?(?:[KMBT]\+?|\+|%|x)?(?:\s(?:min|hours?|days|wks|months))?\+?$/;

export const impactSchema = z.object({
  value: text(2, 16, "Headline figure, e.g. '25-40%', '$2M+', '3x' or '<15 min' (a number, never a word)").regex(
    figurePattern,
    "must be a figure: a number with its unit, e.g. '25-40%', '$2M+', '3x', '<15 min'",
  ),
  heading: text(3, 60, "What the figure measures"),
  description: text(40, 240, "How the result is achieved or measured"),
});

export const painPointSchema = z.object({
  icon: uiIconSchema,
  title: text(3, 70, "Pain point name"),
  points: z.array(text(15, 160, "One symptom or consequence")).min(2).max(4),
});

export const serviceSchema = z.object({
  slug: slugSchema,
  title: text(3, 60, "Service name, used as card title, h1 and link text"),
  icon: uiIconSchema,
  summary: text(60, 200, "Card description on the home page"),
  tagline: text(40, 220, "Hero line under the h1"),
  intro: text(120, 600, "Opening paragraph: what the service is and who it is for"),
  seo: seoSchema,
  capabilities: z.array(capabilitySchema).length(4),
  useCases: z.array(useCaseSchema).length(4),
  impacts: z.array(impactSchema).length(4),
  cta: ctaSchema.extend({ label: text(3, 40, "Button label (the spec fixes it per service)") }),
});

export const industrySchema = z.object({
  slug: slugSchema,
  title: text(3, 70, "Industry name, used as card title and link text"),
  icon: uiIconSchema,
  summary: text(60, 200, "Card description on the home page"),
  statsLabel: text(3, 40, "Card figure, e.g. '60+ Transformations' (the spec fixes it)"),
  image: slugSchema.describe("Decorative image name under /png/"),
  headline: text(10, 100, "h1 of the industry page"),
  subtitle: text(60, 260, "Line under the h1"),
  seo: seoSchema,
  market: z.object({
    value: text(2, 16, "Total Addressable Market figure, e.g. '$400B+' (the spec fixes it)"),
    description: text(40, 260, "What the market figure covers"),
  }),
  painPoints: z.array(painPointSchema).length(4),
  useCases: z.array(titledText).length(4),
  cta: ctaSchema,
});

export const profileSchema = z.object({
  title: text(3, 70, "Ideal customer profile name"),
  description: text(40, 300, "Who they are and what they need"),
  budget: text(5, 40, "Typical budget range, e.g. '$250K–$1.5M'"),
  improvement: text(5, 80, "Percentage improvement claim, e.g. '30% less unplanned downtime'"),
});

export const resourceSchema = z.object({
  slug: slugSchema,
  title: text(3, 60, "Topic name, used as card title and link text"),
  summary: text(60, 200, "Card description on the home page"),
  category: text(3, 40, "Card category (the spec fixes it)"),
  readTime: z.number().int().min(1).max(60).describe("Minutes to read (the spec fixes it)"),
  image: slugSchema.describe("Decorative image name under /png/"),
  headline: text(10, 100, "h1 of the article"),
  seo: seoSchema,
  intro: z.array(text(120, 900, "Article paragraph")).min(2).max(4),
  market: z.object({
    value: text(2, 40, "Market figure (the spec fixes it)"),
    description: text(40, 260, "What the figure covers"),
  }),
  reasons: z.array(titledText).length(4).describe("Why it matters"),
  applications: z.array(titledText).length(6).describe("Core applications"),
  painPoints: z.array(painPointSchema).length(4),
  profiles: z.array(profileSchema).length(6).describe("Ideal customer profiles"),
  cta: ctaSchema,
});

export type ServiceInput = z.input<typeof serviceSchema>;
export type Service = z.output<typeof serviceSchema>;
export type IndustryInput = z.input<typeof industrySchema>;
export type Industry = z.output<typeof industrySchema>;
export type ResourceInput = z.input<typeof resourceSchema>;
export type Resource = z.output<typeof resourceSchema>;

export const homeSchema = z.object({
  seo: seoSchema,
  hero: z.object({
    eyebrow: text(3, 60, "Small line above the h1"),
    title: text(10, 90, "h1: what the company offers"),
    text: text(60, 300, "Hero paragraph: offer and claimed results"),
    highlights: z.array(z.object({ value: text(2, 12, "Figure"), label: text(3, 40, "What it counts") })).length(3),
  }),
  services: z.object({ eyebrow: text(3, 40, "Eyebrow"), title: text(5, 80, "Section h2"), intro: text(40, 260, "Section intro") }),
  industries: z.object({ eyebrow: text(3, 40, "Eyebrow"), title: text(5, 80, "Section h2"), intro: text(40, 260, "Section intro") }),
  resources: z.object({ eyebrow: text(3, 40, "Eyebrow"), title: text(5, 80, "Section h2"), intro: text(40, 260, "Section intro") }),
  about: z.object({
    eyebrow: text(3, 40, "Eyebrow"),
    title: text(5, 80, "Section h2"),
    paragraphs: z.array(text(60, 500, "About paragraph")).min(1).max(3),
    stats: z.array(z.object({ value: text(2, 12, "Figure"), label: text(3, 40, "Label") })).length(2),
    values: z.array(z.object({ icon: uiIconSchema, title: text(3, 40, "Value"), description: text(40, 220, "What it means in practice") })).length(4),
  }),
  contact: z.object({
    eyebrow: text(3, 40, "Eyebrow"),
    title: text(5, 80, "Section h2"),
    intro: text(40, 260, "Section intro"),
    getInTouch: text(40, 300, "Text under 'Get in Touch'"),
    privacyNote: text(40, 560, "One line under the form: what happens to the visitor's details, naming everything sent with the message (the referring site, the link's utm_* tags, the pages visited), and what visit counting notes and how to opt out"),
    privacyNoteWithoutAttribution: text(40, 240, "The same line when lead attribution is switched off (VITE_LEAD_ATTRIBUTION=off): nothing about the visit is sent"),
    // Server-side copy: the loader leaves it out of the page.
    confirmationEmail: z.object({
      subject: text(10, 90, "Subject of the visitor's confirmation e-mail; {reference} is the lead's reference (from its random public id, never its row number)").includes("{reference}"),
      greeting: text(3, 40, "First line; never the visitor's name (nothing the visitor typed goes into this e-mail)"),
      received: text(40, 300, "Thanks and when the message arrived ({received}) and when to expect an answer").includes("{received}"),
      reference: text(20, 200, "The reference ({reference}) and what it is for").includes("{reference}"),
      contact: text(10, 120, "Line before the company's contact details"),
      notYou: text(40, 240, "What to do if the visitor did not write to us"),
      signOff: text(3, 60, "Closing line"),
    }),
    whyChooseUs: z.object({
      points: z.array(text(10, 120, "Reason")).min(3).max(5),
      stats: z.array(z.object({ value: text(2, 12, "Figure"), label: text(3, 40, "Label") })).length(2),
    }),
  }),
});
export type HomeInput = z.input<typeof homeSchema>;
export type Home = z.output<typeof homeSchema>;
