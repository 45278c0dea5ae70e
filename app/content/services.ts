import type { ServiceInput } from "./schema";

// The ten service pages, in the order of the home page grid. Written by the content pass.
export const services: ServiceInput[] = [
  {
    slug: "application-development",
    title: "Application Development",
    icon: "code",
    summary:
      "Web, mobile and API products built by one senior team from first sprint to production, with automated testing and release pipelines in place from day one.",
    tagline: "Custom software designed, built and run by engineers who stay accountable after launch.",
    intro:
      "We build customer-facing web and mobile applications, internal tools and the APIs behind them. One cross-functional team of product lead, designers, engineers and QA owns the work from discovery to production, ships in two-week increments and hands over code, pipelines and documentation your own staff can maintain. Clients come to us for a first product, a rebuild of a system that has stopped scaling, or extra delivery capacity alongside an in-house team.",
    seo: {
      title: "Custom Application Development Services",
      description:
        "Custom web, mobile and API development with automated testing, CI/CD and cloud-native architecture, from discovery through production support.",
    },
    capabilities: [
      {
        title: "Web Applications",
        description:
          "Fast, accessible web apps built with React, Next.js and TypeScript, with server rendering where search visibility matters and a component library your team can extend.",
        icons: ["react", "nextdotjs", "typescript", "tailwindcss", "graphql"],
      },
      {
        title: "Native and Cross-Platform Mobile",
        description:
          "iOS and Android apps in Swift and Kotlin, or a shared Flutter codebase when one team has to serve both stores. Offline sync, push notifications and store release management are part of the job.",
        icons: ["swift", "kotlin", "flutter", "appstore", "googleplay"],
      },
      {
        title: "APIs and Backend Services",
        description:
          "Documented REST and GraphQL APIs on Node.js, Spring or .NET, with caching, rate limiting and versioning designed in from the start rather than bolted on after the first traffic spike.",
        icons: ["nodedotjs", "spring", "dotnet", "postgresql", "redis"],
      },
      {
        title: "Quality Engineering and Delivery",
        description:
          "Every change runs through CI pipelines with >95% automated test coverage on critical paths, contract tests between services and canary releases, so shipping on a Friday is routine, not a gamble.",
        icons: ["githubactions", "jest", "cypress", "k6", "docker"],
      },
    ],
    useCases: [
      {
        title: "Customer Portals and Self-Service",
        points: [
          "Accounts, billing and order history in one secure portal that reduces inbound calls",
          "Single sign-on with your existing identity provider and role-based access",
          "Integrations with CRM, ERP and payment systems through a documented API layer",
          "Journey analytics that show product owners exactly where customers drop off",
        ],
      },
      {
        title: "Consumer Mobile Apps at Scale",
        points: [
          "Architecture and load tests sized for 500K+ concurrent users during peak events",
          "Feature flags and staged rollouts that limit the blast radius of each release",
          "Crash reporting and performance monitoring wired in before the first store submission",
          "Accessibility reviews against WCAG 2.2 AA on every major screen",
        ],
      },
      {
        title: "Internal Operations Tools",
        points: [
          "Workflow apps that replace spreadsheets and email chains, built around how teams really work",
          "Approval flows, audit trails and exports that satisfy finance and compliance",
          "A low-maintenance stack chosen so a small internal team can own it afterwards",
          "Monthly usage reviews to decide what is worth building next",
        ],
      },
      {
        title: "Partner and Platform APIs",
        points: [
          "Public and partner APIs with OpenAPI specs, sandboxes and a clear versioning policy",
          "Gateways, caching and rate limits engineered for 10M+ API requests per day",
          "API keys and usage metering so partners can onboard themselves without tickets",
          "Consumer contract tests that stop breaking changes before they reach production",
        ],
      },
    ],
    impacts: [
      {
        value: "25-40%",
        heading: "Faster Go-to-Market",
        description:
          "Measured against each client’s previous release cadence, driven by small cross-functional teams, trunk-based development and automated release pipelines.",
      },
      {
        value: "99.98%",
        heading: "Deployment Success",
        description:
          "Share of production deployments completed without a rollback, backed by automated tests, canary releases and one-step rollbacks.",
      },
      {
        value: "2.5M+",
        heading: "Monthly Active Users",
        description:
          "Combined monthly active users across the consumer applications we have built and continue to support in production.",
      },
      {
        value: "30-50%",
        heading: "Lower Infrastructure Cost",
        description:
          "Savings from right-sized containers, autoscaling and managed services, compared with the infrastructure each new application replaced.",
      },
    ],
    cta: {
      heading: "Have a product to build or rebuild?",
      text: "Tell us what you’re building and what’s in the way. We’ll propose an approach, a team shape and a realistic plan for the first release.",
      label: "Start Your Project",
    },
  },
  {
    slug: "cloud-migration",
    title: "Cloud Migration",
    icon: "cloud",
    summary:
      "Planned, low-risk moves to AWS, Azure or Google Cloud: workloads assessed, sequenced and cut over in waves, with costs kept under control after go-live.",
    tagline:
      "Move workloads to the cloud in planned waves, with rollback paths and a cost model agreed before anything moves.",
    intro:
      "Cloud migration is less about copying servers than deciding what each application should become. We inventory your estate, map dependencies and choose, workload by workload, whether to rehost, replatform, refactor or retire. Migrations run in waves with tested rollback plans, and the landing zone (networking, identity, guardrails and cost tagging) is in place before the first workload arrives. The service suits organizations leaving a data center, consolidating clouds or ending a hosting contract.",
    seo: {
      title: "Cloud Migration Services: Assessment to Cutover",
      description:
        "Cloud migration covering assessment, landing zones, wave planning and cutover to AWS, Azure or Google Cloud, with FinOps cost controls after go-live.",
    },
    capabilities: [
      {
        title: "Discovery and Migration Assessment",
        description:
          "Automated discovery of servers, databases and dependencies, combined with application-owner interviews, gives a decision per application and a business case based on realistic run costs.",
        icons: ["vmware", "redhat", "linux", "mysql"],
      },
      {
        title: "Landing Zones and Infrastructure as Code",
        description:
          "Accounts, networks, identity, encryption and policy guardrails defined in Terraform and reviewed like application code, so every environment is reproducible and auditable.",
        icons: ["terraform", "pulumi", "googlecloud", "ansible", "vault"],
      },
      {
        title: "Workload and Data Migration",
        description:
          "Wave-by-wave moves with replication, rehearsed cutovers and written rollback plans. Databases move with change-data-capture, so downtime is measured in minutes rather than weekends.",
        icons: ["docker", "kubernetes", "postgresql", "mysql", "apachekafka"],
      },
      {
        title: "Cloud Cost Management (FinOps)",
        description:
          "Tagging, budgets and rightsizing reviews from day one, plus reserved-capacity and savings-plan recommendations, so the monthly bill matches the business case that approved the move.",
        icons: ["googlecloud", "kubernetes", "grafana", "prometheus", "datadog"],
      },
    ],
    useCases: [
      {
        title: "Data Center Exit",
        points: [
          "A full inventory and dependency map well before the lease or colocation contract ends",
          "Migration waves sequenced by business risk, not by server rack",
          "Parallel running and rehearsed cutovers for revenue-critical systems",
          "A decommissioning plan so old hardware and licenses stop costing money",
        ],
      },
      {
        title: "Database Migration and Replatforming",
        points: [
          "Commercial databases moved to managed PostgreSQL or MySQL where licensing no longer pays off",
          "Change-data-capture replication keeps source and target in sync until cutover",
          "Query and schema testing against production-sized data sets",
          "Backups, point-in-time recovery and failover verified before go-live",
        ],
      },
      {
        title: "Multi-Cloud Consolidation",
        points: [
          "Accounts and subscriptions inherited through acquisitions brought under one governance model",
          "Standard network, identity and logging patterns across providers",
          "Portable workloads on Kubernetes where keeping vendor choice open matters",
          "A single cost view across providers, broken down by product and team",
        ],
      },
      {
        title: "Regulated Workloads",
        points: [
          "Data residency and encryption-key ownership designed in for finance and healthcare",
          "Landing-zone controls mapped to ISO 27001, SOC 2 or HIPAA requirements",
          "Evidence of every infrastructure change captured automatically for auditors",
          "Private connectivity to on-premises systems that cannot move yet",
        ],
      },
    ],
    impacts: [
      {
        value: "$2M+",
        heading: "Cloud Savings",
        description:
          "Annual infrastructure and licensing savings delivered across client migrations through rightsizing, managed services and retired systems.",
      },
      {
        value: "20-30%",
        heading: "Lower Compute Spend",
        description:
          "Typical reduction in compute spend after the first rightsizing cycle, measured against the pre-migration baseline.",
      },
      {
        value: "<15 min",
        heading: "Cutover Downtime",
        description:
          "Change-data-capture replication and rehearsed runbooks keep each planned cutover under fifteen minutes instead of taking systems offline overnight.",
      },
      {
        value: "100%",
        heading: "Infrastructure as Code",
        description:
          "Every landing-zone resource is defined in version-controlled code, so environments can be rebuilt, reviewed and audited at any time.",
      },
    ],
    cta: {
      heading: "Planning a move to the cloud?",
      text: "Share what you run today and where you want to be. We’ll map the workloads, the risks and the costs before you commit to a migration plan.",
      label: "Get Migration Assessment",
    },
  },
  {
    slug: "ai-ml-services",
    title: "AI/ML/GenAI Enablement",
    icon: "brain",
    summary:
      "Machine learning and generative AI taken from pilot to production: use cases chosen for value, models grounded in your data, and controls for cost, quality and risk.",
    tagline:
      "Put AI to work on real business problems, with the data pipelines, evaluation and guardrails that keep it reliable in production.",
    intro:
      "Many AI initiatives stall after the demo. We start with the decision or task you want to improve, check that your data can support it, and build the smallest system that proves value. From there we take models, whether classical machine learning, large language models or both, into production with monitoring, evaluation suites and human review where the stakes call for it. Clients range from teams running a first GenAI pilot to data science groups that need help operating dozens of models.",
    seo: {
      title: "AI, Machine Learning and GenAI Enablement Services",
      description:
        "AI and GenAI enablement: use-case discovery, retrieval-augmented assistants, predictive models and MLOps, with evaluation and governance built in.",
    },
    capabilities: [
      {
        title: "AI Strategy and Use-Case Discovery",
        description:
          "Workshops and data audits that rank candidate use cases by value, feasibility and risk, ending in a funded roadmap rather than a slide deck of ideas.",
        icons: ["python", "jupyter", "pandas", "streamlit"],
      },
      {
        title: "Generative AI and LLM Applications",
        description:
          "Retrieval-augmented assistants, document processing and agent workflows grounded in your own content, with prompt evaluation, cited sources and guardrails against leaking sensitive data.",
        icons: ["langchain", "langgraph", "huggingface", "anthropic", "googlegemini", "qdrant"],
      },
      {
        title: "Predictive Models and Machine Learning",
        description:
          "Forecasting, classification, recommendation and anomaly-detection models built with scikit-learn, PyTorch or TensorFlow, and validated against the business metric they are meant to move.",
        icons: ["scikitlearn", "pytorch", "tensorflow", "numpy"],
      },
      {
        title: "MLOps and Model Governance",
        description:
          "Versioned data and models, automated retraining, drift monitoring and approval workflows, so every model in production can be explained, audited and rolled back.",
        icons: ["mlflow", "dvc", "weightsandbiases", "kubernetes", "ray"],
      },
    ],
    useCases: [
      {
        title: "GenAI Support Assistants",
        points: [
          "Answers to customer and employee questions drawn from approved knowledge bases, with sources cited",
          "Hand-off to a human agent, with the full conversation, whenever confidence is low",
          "35% lower level-1 ticket load once the assistant covers the most frequent requests",
          "Weekly review of unanswered questions to close gaps in the knowledge base",
        ],
      },
      {
        title: "Intelligent Document Processing",
        points: [
          "Fields extracted from invoices, claims, contracts and forms into structured data",
          "Confidence scores route uncertain extractions to reviewers instead of guessing",
          "Results written to ERP and case-management systems through their existing APIs",
          "Processing time per document tracked against the manual baseline",
        ],
      },
      {
        title: "Demand Forecasting and Planning",
        points: [
          "Forecasts by SKU, store or region that combine sales history with external signals",
          "Scenario tools that let planners test promotions and supply disruptions",
          "Accuracy reported against your current planning method, not in isolation",
          "Retraining triggered automatically when forecast error starts to drift",
        ],
      },
      {
        title: "Risk, Fraud and Anomaly Detection",
        points: [
          "Real-time scoring of transactions, claims or sensor readings",
          "A plain-language explanation with each alert so investigators can act quickly",
          "Case outcomes fed back into training to cut false positives over time",
          "Model documentation prepared for internal audit and regulators",
        ],
      },
    ],
    impacts: [
      {
        value: "$5M+",
        heading: "AI-Driven Savings",
        description:
          "Annualized savings across client programs from automated document handling, sharper forecasts and less manual review, measured against pre-project baselines.",
      },
      {
        value: "35%",
        heading: "Fewer Level-1 Tickets",
        description:
          "Drop in first-line support volume after GenAI assistants took over routine questions, tracked in the client’s own service desk data.",
      },
      {
        value: "80%",
        heading: "Straight-Through Processing",
        description:
          "Share of routine documents handled without human touch once extraction models reach the confidence thresholds agreed with the business.",
      },
      {
        value: "8-12 wks",
        heading: "Pilot to Production",
        description:
          "Typical time from an approved use case to a monitored production release, using reusable data pipelines and evaluation suites.",
      },
    ],
    cta: {
      heading: "Ready to move AI past the pilot stage?",
      text: "Bring us a process, a decision or a backlog of ideas. We’ll help you pick the use case most likely to pay off and show what it takes to run it safely.",
      label: "Explore AI Solutions",
    },
  },
  {
    slug: "ux-design",
    title: "Product and UX Design",
    icon: "palette",
    summary:
      "Research-led product and UX design that turns user insight into tested, accessible interfaces and design systems your engineers can build from.",
    tagline:
      "Design products people understand on first use, grounded in research and validated with real users before code is written.",
    intro:
      "Good design starts with knowing who will use the product and what they are trying to get done. Our designers and researchers interview users, study analytics and test prototypes, then turn what they learn into flows, interfaces and design systems that engineering teams can ship without guesswork. We work on new products, redesigns of complex B2B tools and conversion problems on existing sites and apps, and we measure results against an agreed baseline.",
    seo: {
      title: "Product and UX Design Services",
      description:
        "Product and UX design: user research, prototyping, usability testing, accessible interfaces and design systems that lift conversion and adoption.",
    },
    capabilities: [
      {
        title: "User Research and Discovery",
        description:
          "Interviews, contextual observation and analytics reviews that uncover what users need, where they struggle and which problems are worth solving first.",
        icons: ["miro", "hotjar", "googleanalytics", "mixpanel"],
      },
      {
        title: "Interaction Design and Prototyping",
        description:
          "User flows, wireframes and high-fidelity prototypes tested with real users in short rounds, so design decisions rest on evidence rather than opinion.",
        icons: ["figma", "framer", "maze", "sketch", "lottiefiles"],
      },
      {
        title: "Design Systems",
        description:
          "Tokens, components and usage guidelines kept in sync between Figma and code, so teams ship consistent screens faster and accessibility is built into every component.",
        icons: ["figma", "storybook", "react", "tailwindcss", "sass"],
      },
      {
        title: "Accessibility and Conversion Optimization",
        description:
          "WCAG 2.2 AA audits with remediation plans, and structured A/B tests on the journeys that earn revenue: sign-up, checkout and onboarding.",
        icons: ["lighthouse", "googlechrome", "googleanalytics", "hotjar"],
      },
    ],
    useCases: [
      {
        title: "Checkout and Sign-Up Optimization",
        points: [
          "Funnel analysis to find the exact steps where customers abandon",
          "Redesigned forms with fewer fields, clearer errors and saved progress",
          "A/B tests run to statistical significance before any change rolls out",
          "Conversion reported weekly against the pre-redesign baseline",
        ],
      },
      {
        title: "SaaS Onboarding and Activation",
        points: [
          "The first-week journey mapped, with the moment users first get value clearly defined",
          "Guided setup, sample data and contextual help instead of long tutorials",
          "3x faster onboarding by cutting setup steps new users skipped or abandoned",
          "Activation and retention cohorts tracked after each release",
        ],
      },
      {
        title: "Complex B2B and Enterprise Tools",
        points: [
          "Task analysis with the operators, analysts and administrators who use the tool daily",
          "Dense data views made readable without hiding what experts rely on",
          "Keyboard shortcuts, bulk actions and saved views for power users",
          "Usability benchmarks that show the time saved per task",
        ],
      },
      {
        title: "Design System Rollout",
        points: [
          "An audit of existing screens to find duplicate and inconsistent components",
          "A shared component library published for both design and engineering",
          "A contribution model so product teams can extend the system safely",
          "Adoption tracked across products and releases",
        ],
      },
    ],
    impacts: [
      {
        value: "35%",
        heading: "Conversion Increase",
        description:
          "Lift in completed checkouts and sign-ups after research-led redesigns, measured with controlled A/B tests against the previous version.",
      },
      {
        value: "3x",
        heading: "Faster Onboarding",
        description:
          "New users reach their first meaningful result in a third of the time once onboarding is rebuilt around the shortest path to value.",
      },
      {
        value: "2x",
        heading: "Faster UI Delivery",
        description:
          "Teams working from a shared design system build new screens in about half the time, because components arrive designed, coded and tested.",
      },
      {
        value: "100%",
        heading: "Screens Audited to WCAG 2.2 AA",
        description:
          "Every screen we ship is designed and audited to WCAG 2.2 AA, widening your audience and reducing legal exposure in regulated markets.",
      },
    ],
    cta: {
      heading: "Is your product harder to use than it should be?",
      text: "Show us the journey that frustrates your users or stalls your growth. We’ll suggest how to research it, redesign it and prove the improvement.",
      label: "Start Design Project",
    },
  },
  {
    slug: "platform-modernization",
    title: "Platform Modernization",
    icon: "refresh",
    summary:
      "Legacy systems modernized step by step: monoliths split into services, old runtimes upgraded and batch jobs replaced, without a risky big-bang rewrite.",
    tagline:
      "Modernize the systems your business runs on, one safe increment at a time, while they keep serving customers.",
    intro:
      "Ageing platforms slow every change and tie up budget in maintenance. Instead of a full rewrite, we use the strangler-fig pattern: new services take over functions from the legacy system one at a time, behind the same interfaces, until the old core can be switched off. Along the way we upgrade runtimes, move workloads onto containers and automate deployments. The approach works for client-server estates, ageing Java and .NET monoliths, and home-grown platforms nobody wants to touch.",
    seo: {
      title: "Legacy Platform Modernization Services",
      description:
        "Platform modernization: incremental migration from legacy monoliths to containerized services, runtime upgrades and automated delivery pipelines.",
    },
    capabilities: [
      {
        title: "Legacy Assessment and Roadmap",
        description:
          "Code analysis, architecture reviews and interviews with the people who run the system, producing a sequenced roadmap that tackles the riskiest and most valuable modules first.",
        icons: ["openjdk", "dotnet", "sonar", "jira"],
      },
      {
        title: "Incremental Decomposition",
        description:
          "Strangler-fig migration that moves one business capability at a time into independently deployable services, with an API gateway routing traffic between old and new.",
        icons: ["spring", "quarkus", "nestjs", "kong", "apachekafka"],
      },
      {
        title: "Containerization and Platform Engineering",
        description:
          "Applications packaged in containers and run on Kubernetes, with an internal developer platform that gives teams self-service environments, templates and golden paths.",
        icons: ["docker", "kubernetes", "helm", "backstage", "argo"],
      },
      {
        title: "Runtime and Framework Upgrades",
        description:
          "Upgrades from unsupported Java, .NET, PHP and database versions, backed by characterization tests that pin down current behavior before any code changes.",
        icons: ["openjdk", "dotnet", "php", "postgresql"],
      },
    ],
    useCases: [
      {
        title: "Monolith to Services",
        points: [
          "Service boundaries drawn from real usage and data ownership, not from the org chart",
          "Traffic shifted gradually to new services, with instant fallback to the monolith",
          "Event streaming keeps old and new data stores consistent during the transition",
          "Legacy modules retired as soon as their traffic reaches zero",
        ],
      },
      {
        title: "End-of-Support Remediation",
        points: [
          "Runtimes and frameworks upgraded before vendor support and security patches stop",
          "Automated refactoring for repetitive changes across large codebases",
          "Regression suites built first so upgrades don’t change business behavior",
          "Dependency scanning to remove vulnerable and abandoned libraries",
        ],
      },
      {
        title: "Batch to Event-Driven Processing",
        points: [
          "Overnight batch jobs replaced with streams that update data within seconds",
          "Idempotent consumers and replay support so no event is lost or processed twice",
          "Reconciliation reports that prove the new and old pipelines agree",
          "Operational dashboards for lag, throughput and error rates",
        ],
      },
      {
        title: "Stabilizing Fragile Platforms",
        points: [
          "Root-cause reviews of the incidents responsible for the most outage minutes",
          "Automated deployments and rollbacks in place of manual release weekends",
          "25%+ downtime reduction from fixing the few components behind most outages",
          "Runbooks and on-call handover so critical knowledge no longer sits with one person",
        ],
      },
    ],
    impacts: [
      {
        value: "25%+",
        heading: "Downtime Reduction",
        description:
          "Fewer outage minutes in the first year, achieved by isolating failure-prone components and replacing manual releases with automated ones.",
      },
      {
        value: "40%",
        heading: "Lower Maintenance Spend",
        description:
          "Reduction in effort and license costs tied to legacy platforms once retired modules and unsupported software are switched off.",
      },
      {
        value: "10x",
        heading: "More Frequent Releases",
        description:
          "Teams move from quarterly release windows to deploying on demand, often several times a day, once pipelines and tests are automated.",
      },
      {
        value: "2-4 wks",
        heading: "Per Reversible Increment",
        description:
          "Every change ships as a small increment that can be rolled back, so the business keeps running on the existing platform throughout the program.",
      },
    ],
    cta: {
      heading: "Is a legacy platform holding back every change?",
      text: "Tell us which system slows you down and why. We’ll outline a modernization path that keeps the business running at every step.",
      label: "Plan Modernization",
    },
  },
  {
    slug: "digital-transformation",
    title: "Digital Transformation",
    icon: "trending-up",
    summary:
      "Operating model, processes and technology changed together, so digital investment shows up as measurable results rather than new tools nobody uses.",
    tagline: "Connect strategy, processes and technology in a transformation roadmap your teams can actually deliver.",
    intro:
      "Digital transformation fails when it is treated as a software purchase. We work with leadership and front-line teams to pinpoint where processes lose time and money, design the target operating model, and deliver the change in funded increments, each with its own measurable outcome. Technology choices follow the process design, not the other way round. Typical clients are mid-size and enterprise organizations whose growth has outpaced their processes and systems.",
    seo: {
      title: "Digital Transformation Consulting and Delivery",
      description:
        "Digital transformation services: process redesign, automation, operating-model change and roadmap delivery, measured against clear business outcomes.",
    },
    capabilities: [
      {
        title: "Transformation Strategy and Roadmap",
        description:
          "A current-state assessment of processes, systems and skills, turned into a prioritized roadmap with business cases, owners and milestones the board can track.",
        icons: ["miro", "notion", "jira", "confluence"],
      },
      {
        title: "Process Redesign and Automation",
        description:
          "Process mapping workshops that remove steps adding no value, followed by workflow automation, and robotic process automation where the rules are stable.",
        icons: ["camunda", "uipath", "n8n", "zapier"],
      },
      {
        title: "Agile Delivery and Operating Model",
        description:
          "Product-aligned teams, funding models and governance that shorten the path from idea to release, with coaches embedded until the new ways of working stick.",
        icons: ["jira", "confluence", "linear", "asana"],
      },
      {
        title: "Change Management and Adoption",
        description:
          "Stakeholder mapping, training and communication plans, plus adoption metrics, so new systems and processes are used as designed long after go-live.",
        icons: ["notion", "trello", "miro", "googleanalytics"],
      },
    ],
    useCases: [
      {
        title: "Paper-to-Digital Operations",
        points: [
          "Paper forms and manual re-keying replaced with mobile data capture",
          "Digital approvals with clear service levels and escalation rules",
          "Document archives indexed and searchable instead of stored in cabinets",
          "Cycle time per request tracked from submission to completion",
        ],
      },
      {
        title: "Back-Office Automation",
        points: [
          "Invoice matching, onboarding paperwork and routine reconciliations automated",
          "Exception queues so staff spend their time on cases that need judgment",
          "Bots and workflows monitored like any other production system",
          "Hours released each month reported to finance and operations leaders",
        ],
      },
      {
        title: "Omnichannel Customer Experience",
        points: [
          "One customer record shared by store, web, call center and field teams",
          "Consistent service wherever a customer starts the conversation",
          "Self-service options for the requests customers make most often",
          "Satisfaction and effort scores measured for each channel",
        ],
      },
      {
        title: "Agile Delivery at Scale",
        points: [
          "Project-based funding replaced with long-lived, outcome-owning product teams",
          "Quarterly planning that links every initiative to a business result",
          "Shared delivery metrics: lead time, deployment frequency and change failure rate",
          "Coaching for leaders as well as teams, so behavior changes at every level",
        ],
      },
    ],
    impacts: [
      {
        value: "45%",
        heading: "Efficiency Gain",
        description:
          "Reduction in manual handling time across redesigned and automated processes, measured per transaction against the pre-program baseline.",
      },
      {
        value: "50%",
        heading: "Faster Approvals",
        description:
          "Shorter median time from request to approval once paper-based steps are digitized and routing rules are automated.",
      },
      {
        value: "30%",
        heading: "Lower Cost to Serve",
        description:
          "Lower operating cost per customer or transaction as self-service, automation and digital channels absorb routine work.",
      },
      {
        value: "90 days",
        heading: "To the First Measured Outcome",
        description:
          "Every increment ends within a quarter with a review of measured outcomes, so funding follows results and underperforming initiatives are stopped early.",
      },
    ],
    cta: {
      heading: "Ready to turn strategy into delivered change?",
      text: "Tell us where processes or systems are holding growth back. We’ll help you define the first increments, the owners and the outcomes to measure.",
      label: "Begin Transformation",
    },
  },
  {
    slug: "intelligent-enterprise",
    title: "Intelligent Enterprise",
    icon: "bar-chart",
    summary:
      "Modern data platforms, trusted metrics and self-service analytics that give every team the same version of the numbers, from finance to sales.",
    tagline:
      "Turn scattered operational data into trusted, timely insight that leaders and front-line teams use every day.",
    intro:
      "Most organizations have plenty of data and too little confidence in it. We build the platform that brings it together: reliable ingestion from ERP, CRM and operational systems, a governed warehouse or lakehouse, shared metric definitions, and dashboards designed around the decisions people actually make. Where it adds value, we go on to forecasting and analytics embedded in the applications your teams already use. The service suits companies outgrowing spreadsheets and those consolidating several BI tools.",
    seo: {
      title: "Data Platforms, Analytics and BI Services",
      description:
        "Data and analytics services: cloud data platforms, pipelines, governance, BI dashboards and CRM analytics that give every team trusted, timely numbers.",
    },
    capabilities: [
      {
        title: "Modern Data Platforms",
        description:
          "Cloud warehouses and lakehouses on Snowflake, Databricks or BigQuery, sized for your workloads, with cost controls and separate development and production environments.",
        icons: ["snowflake", "databricks", "googlebigquery", "apachespark"],
      },
      {
        title: "Data Engineering and Pipelines",
        description:
          "Batch and streaming pipelines with automated tests, lineage and alerting, so a broken source system is caught before it reaches an executive dashboard.",
        icons: ["apacheairflow", "apachekafka", "airbyte", "prefect", "apacheflink"],
      },
      {
        title: "Business Intelligence and Self-Service Analytics",
        description:
          "A semantic layer with one definition of each metric, and dashboards built around specific decisions, so meetings stop debating whose numbers are right.",
        icons: ["looker", "metabase", "apachesuperset", "qlik"],
      },
      {
        title: "Data Governance and Quality",
        description:
          "Clear data ownership, access policies, catalogs and automated quality checks that satisfy privacy rules without making data impossible to reach.",
        icons: ["databricks", "snowflake", "trino", "okta"],
      },
    ],
    useCases: [
      {
        title: "Sales and CRM Analytics",
        points: [
          "Pipeline, win-rate and forecast dashboards built on cleaned CRM data",
          "Lead and account scoring that shows reps where to spend their time",
          "30% better deal closure when teams prioritize accounts by scored likelihood to buy",
          "Alerts on stalled deals while there is still time to act before quarter-end",
        ],
      },
      {
        title: "Finance and Executive Reporting",
        points: [
          "Month-end reports generated from source systems instead of assembled in spreadsheets",
          "One definition of revenue, margin and cost shared by every report",
          "Drill-down from board-level KPIs to the transactions behind them",
          "An audit trail for every figure that appears in statutory reporting",
        ],
      },
      {
        title: "Operations and Supply Chain Visibility",
        points: [
          "Near-real-time views of inventory, orders and fulfillment across sites",
          "Exception alerts for late shipments and looming stock-outs",
          "Supplier scorecards built from delivery and quality data",
          "Demand signals shared with planning and procurement teams",
        ],
      },
      {
        title: "Customer 360 and Personalization",
        points: [
          "Transactions, support history and web behavior unified into one customer profile",
          "Segments available to marketing without waiting on a data-team request",
          "Consent and privacy preferences enforced in every use of the data",
          "Churn risk and lifetime value surfaced to account managers",
        ],
      },
    ],
    impacts: [
      {
        value: "30%",
        heading: "Better Deal Closure",
        description:
          "Higher close rates for sales teams working from scored pipelines and account insights, compared with teams working from raw CRM lists.",
      },
      {
        value: "75%",
        heading: "Less Manual Reporting",
        description:
          "Reduction in analyst hours spent assembling recurring reports once they are fed automatically from governed data.",
      },
      {
        value: "<1 hour",
        heading: "Data Latency",
        description:
          "Pipelines deliver operational data to dashboards within an hour of it being recorded, replacing weekly or monthly extracts.",
      },
      {
        value: "70%",
        heading: "Less Time Reconciling Reports",
        description:
          "A shared semantic layer calculates revenue, churn and margin the same way in every dashboard, so analysts stop reconciling conflicting numbers.",
      },
    ],
    cta: {
      heading: "Want numbers everyone in the business trusts?",
      text: "Tell us which decisions lack reliable data today. We’ll show how to connect your sources, agree the metrics and get insight to the people who need it.",
      label: "Explore Data Solutions",
    },
  },
  {
    slug: "observability-sre",
    title: "Observability & SRE",
    icon: "activity",
    summary:
      "Metrics, logs and traces joined in one view, with service-level objectives and incident practices that keep critical systems up and teams out of firefighting.",
    tagline:
      "See problems before customers do and fix them faster, with observability and site reliability engineering built into how you operate.",
    intro:
      "When something breaks, teams often lose the first hour working out where. We instrument applications and infrastructure with OpenTelemetry, bring metrics, logs and traces into one place, and define service-level objectives that reflect what users experience. Then we work with your engineers on alerting, incident response and post-incident reviews, so reliability improves release after release. The service fits digital businesses with revenue-critical systems and platform teams worn down by noisy alerts.",
    seo: {
      title: "Observability and Site Reliability Engineering (SRE)",
      description:
        "Observability and SRE services: OpenTelemetry instrumentation, SLOs, actionable alerting, incident response and resilience testing for critical systems.",
    },
    capabilities: [
      {
        title: "Unified Telemetry and Instrumentation",
        description:
          "OpenTelemetry instrumentation across services and infrastructure, with metrics, logs and traces correlated so one click takes an engineer from a symptom to the failing call.",
        icons: ["opentelemetry", "prometheus", "grafana", "jaeger", "elasticsearch"],
      },
      {
        title: "SLOs and Actionable Alerting",
        description:
          "Service-level objectives agreed with product owners and error budgets that guide release decisions. Alerts fire on user impact, not on every CPU spike.",
        icons: ["grafana", "datadog", "newrelic", "pagerduty"],
      },
      {
        title: "Incident Management and On-Call",
        description:
          "Clear severity levels, fair on-call rotations, runbooks and blameless post-incident reviews that turn each outage into a concrete, tracked fix.",
        icons: ["pagerduty", "opsgenie", "statuspage", "sentry"],
      },
      {
        title: "Reliability Engineering and Resilience Testing",
        description:
          "Capacity planning, load testing and controlled failure experiments that expose weak points before real traffic does, followed by automated remediation where it is safe.",
        icons: ["k6", "kubernetes", "terraform", "ansible"],
      },
    ],
    useCases: [
      {
        title: "Reducing Alert Noise",
        points: [
          "An audit of existing alerts to remove duplicates and the ones nobody acts on",
          "Paging tied to SLO burn rates, so on-call engineers are woken only for user impact",
          "Routing rules that send each alert to the team that owns the service",
          "A monthly review of pages per shift to keep on-call sustainable",
        ],
      },
      {
        title: "Shorter Incidents",
        points: [
          "Distributed tracing that pinpoints the slow or failing dependency in seconds",
          "Runbooks linked directly from alerts for the most common failure modes",
          "Automated status page updates so customers hear about issues from you first",
          "Mean time to detect and resolve tracked across every incident",
        ],
      },
      {
        title: "Observability Cost Control",
        points: [
          "Sampling and retention policies that keep the signal and drop the noise",
          "High-volume logs moved to cheaper storage tiers without losing searchability",
          "Open standards that avoid lock-in to a single monitoring vendor",
          "Telemetry spend broken down by team and service",
        ],
      },
      {
        title: "Peak-Traffic Readiness",
        points: [
          "Load tests that reproduce sale-day, launch or seasonal traffic patterns",
          "Autoscaling thresholds and capacity limits verified before the event",
          "Game-day rehearsals of failover, rollback and customer communication",
          "Live dashboards shared by business and engineering during the peak",
        ],
      },
    ],
    impacts: [
      {
        value: "99.99%",
        heading: "Service Uptime",
        description:
          "Availability achieved for revenue-critical services, measured against SLOs, with error budgets that set the pace of releases.",
      },
      {
        value: "60%",
        heading: "Faster Incident Resolution",
        description:
          "Reduction in mean time to resolve once traces, logs and runbooks are linked to every alert an engineer receives.",
      },
      {
        value: "50%+",
        heading: "Less Alert Noise",
        description:
          "Fewer pages per on-call shift after duplicate and unactionable alerts are removed and paging is tied to SLO burn rates.",
      },
      {
        value: "30%",
        heading: "Lower Telemetry Spend",
        description:
          "Savings on monitoring and logging bills from sampling, tiered retention and consolidating overlapping tools.",
      },
    ],
    cta: {
      heading: "Tired of hearing about outages from customers?",
      text: "Tell us which systems matter most and how incidents unfold today. We’ll show where better telemetry, SLOs and on-call practice will make the biggest difference.",
      label: "Improve Reliability",
    },
  },
  {
    slug: "cybersecurity",
    title: "Cybersecurity & Compliance",
    icon: "shield",
    summary:
      "Security assessments, zero-trust access, DevSecOps and compliance automation that cut real risk and make audits routine rather than disruptive.",
    tagline:
      "Reduce security risk and pass audits with less effort, through controls built into your cloud, your code and your daily operations.",
    intro:
      "Security works best when it is part of how systems are designed, built and run. We start with an assessment of your threats, controls and compliance obligations, then close the gaps in order of risk: identity and access, cloud configuration, application security and monitoring. Compliance with frameworks such as ISO 27001, SOC 2, PCI DSS, HIPAA and GDPR is automated wherever possible, so evidence is collected continuously instead of scrambled together before each audit.",
    seo: {
      title: "Cybersecurity and Compliance Services",
      description:
        "Cybersecurity and compliance: risk assessments, zero-trust identity, DevSecOps, threat detection and audit automation for ISO 27001, SOC 2 and more.",
    },
    capabilities: [
      {
        title: "Security Assessment and Penetration Testing",
        description:
          "Architecture reviews, vulnerability scans and manual penetration tests of applications, APIs and cloud environments, with findings ranked by exploitability and business impact.",
        icons: ["burpsuite", "kalilinux", "wireshark", "owasp"],
      },
      {
        title: "Identity and Zero-Trust Access",
        description:
          "Single sign-on, multi-factor authentication, least-privilege roles and short-lived credentials, so access depends on verified identity and device rather than network location.",
        icons: ["okta", "auth0", "keycloak", "vault", "cloudflare"],
      },
      {
        title: "DevSecOps and Application Security",
        description:
          "Secret scanning, dependency checks, container image scanning and policy-as-code in the delivery pipeline, catching issues while they are still cheap to fix.",
        icons: ["snyk", "trivy", "dependabot", "githubactions"],
      },
      {
        title: "Threat Detection and Compliance Automation",
        description:
          "Centralized security logging, detection rules and response playbooks, plus automated evidence collection mapped to each control your auditors test.",
        icons: ["splunk", "elasticsearch", "falco", "paloaltonetworks"],
      },
    ],
    useCases: [
      {
        title: "Audit Readiness for SOC 2 and ISO 27001",
        points: [
          "A gap assessment against the target framework with a prioritized remediation plan",
          "Policies, procedures and control owners defined in plain language",
          "Evidence collected automatically from cloud, identity and ticketing systems",
          "70% less audit prep time once evidence is gathered continuously, not in a last-minute rush",
        ],
      },
      {
        title: "Cloud Security Posture",
        points: [
          "Continuous checks for public storage, open ports and over-privileged roles",
          "Guardrails that block risky configurations before they are deployed",
          "Encryption and key management reviewed for every data store",
          "Findings routed to the owning team with a recommended fix and a deadline",
        ],
      },
      {
        title: "Secure Software Delivery",
        points: [
          "Threat modeling for new features that handle payments or personal data",
          "Pipeline gates for secrets, vulnerable dependencies and unsigned images",
          "Developer training based on the flaws actually found in your code",
          "A software bill of materials produced for every release",
        ],
      },
      {
        title: "Incident Response Readiness",
        points: [
          "Response playbooks for ransomware, account takeover and data leaks",
          "Tabletop exercises with technical teams, legal and leadership",
          "Log retention and forensic capability checked before an incident, not during one",
          "Backup restores tested so recovery times are known rather than assumed",
        ],
      },
    ],
    impacts: [
      {
        value: "70%",
        heading: "Less Audit Prep Time",
        description:
          "Automated evidence collection and clear control ownership replace weeks of screenshots and spreadsheets before each audit.",
      },
      {
        value: "60%",
        heading: "Fewer Critical Findings",
        description:
          "Drop in critical and high-severity findings between the first assessment and the retest, driven by pipeline checks and hardened cloud baselines.",
      },
      {
        value: "100%",
        heading: "Releases Scanned",
        description:
          "Every production release passes secret, dependency and image scans, with any exception approved and logged.",
      },
      {
        value: "24/7",
        heading: "Threat Monitoring",
        description:
          "Security events watched around the clock, with detection rules tuned to your environment and documented escalation paths.",
      },
    ],
    cta: {
      heading: "Not sure where your biggest security gaps are?",
      text: "Start with an assessment of your controls, cloud setup and compliance obligations. You’ll get a risk-ranked list of fixes, not a generic checklist.",
      label: "Security Assessment",
    },
  },
  {
    slug: "implementation-partnerships",
    title: "Implementation Partnerships",
    icon: "handshake",
    summary:
      "Implementation of enterprise platforms such as SAP, HubSpot, Atlassian and Shopify, configured around your processes and integrated with the systems you already run.",
    tagline:
      "Get full value from the platforms you buy, with implementations that fit your processes, connect to your stack and win users over quickly.",
    intro:
      "Licenses alone don’t change how a business works. We plan and deliver implementations of ERP, CRM, commerce and collaboration platforms, acting as a single accountable partner alongside the software vendor. The work covers requirements and fit-gap analysis, configuration before customization, data migration, integrations and user training, followed by support as your use of the platform grows. It suits companies rolling out a new platform, rescuing a stalled implementation or joining several systems into one workflow.",
    seo: {
      title: "Enterprise Platform Implementation Partnerships",
      description:
        "Implementation services for ERP, CRM, commerce and collaboration platforms: fit-gap analysis, configuration, integrations, data migration and adoption.",
    },
    capabilities: [
      {
        title: "Fit-Gap Analysis and Solution Design",
        description:
          "Your processes mapped against the platform’s standard features, so configuration covers most needs and custom development is kept for what sets you apart.",
        icons: ["sap", "odoo", "zoho", "hubspot"],
      },
      {
        title: "Configuration and Integration",
        description:
          "Platform setup plus integrations with ERP, CRM, finance and e-commerce systems through APIs and middleware, monitored so a failed sync is spotted the same day.",
        icons: ["sap", "hubspot", "shopify", "stripe", "kong", "postman"],
      },
      {
        title: "Data Migration",
        description:
          "Cleansing, mapping and trial loads of customers, products, orders and history, with reconciliation reports signed off by the business before cutover.",
        icons: ["postgresql", "mysql", "airbyte", "python"],
      },
      {
        title: "Training, Adoption and Managed Support",
        description:
          "Role-based training, in-app guidance and a support desk after go-live, plus a release plan so new platform features get adopted rather than ignored.",
        icons: ["atlassian", "jira", "confluence", "zendesk", "intercom"],
      },
    ],
    useCases: [
      {
        title: "ERP Rollout",
        points: [
          "Finance, procurement, inventory and manufacturing processes configured in phases",
          "Legacy data cleansed and migrated with reconciled opening balances",
          "Integrations with banks, tax engines and warehouse systems",
          "A hypercare period with daily issue triage after go-live",
        ],
      },
      {
        title: "CRM and Marketing Automation",
        points: [
          "Sales stages, lead routing and quotas configured to match how your team sells",
          "Marketing automation connected to web forms, advertising and email",
          "Dashboards for pipeline health and return on each campaign",
          "Reps trained on the workflows they use daily rather than every feature",
        ],
      },
      {
        title: "Commerce Platform Launch",
        points: [
          "Storefront, catalog and checkout set up on Shopify or a headless commerce stack",
          "Payment, tax and shipping providers integrated and tested end to end",
          "Order and inventory sync with ERP and warehouse systems",
          "Launch-day monitoring and support for the trading team",
        ],
      },
      {
        title: "Rescuing a Stalled Implementation",
        points: [
          "An independent review of scope, configuration, data and team setup",
          "A recovery plan that separates go-live essentials from later phases",
          "25% faster delivery than the original plan once scope is reset and decisions are made weekly",
          "Knowledge transfer so your team can run the platform after we step back",
        ],
      },
    ],
    impacts: [
      {
        value: "25%",
        heading: "Faster Delivery",
        description:
          "Shorter implementation timelines from favoring standard configuration, reusable integration patterns and weekly decision meetings with the business.",
      },
      {
        value: "80%+",
        heading: "Standard Configuration",
        description:
          "Share of requirements met with standard platform features, which keeps upgrades simple and long-term running costs down.",
      },
      {
        value: "90%",
        heading: "User Adoption",
        description:
          "Target users active on the new platform within 90 days of go-live, measured from login and usage data.",
      },
      {
        value: "90%",
        heading: "Less Manual Re-Keying",
        description:
          "Go-live includes working integrations with finance, CRM and commerce systems, removing most of the data entry teams did between platforms.",
      },
    ],
    cta: {
      heading: "Rolling out a new platform or rescuing one?",
      text: "Tell us which platform you’re implementing and where it stands. We’ll help you scope it, integrate it and get your teams using it.",
      label: "Explore Partnerships",
    },
  },
];
