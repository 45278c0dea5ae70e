import type { IndustryInput } from "./schema";

// The ten industry pages, in the order of the home page grid.
export const industries: IndustryInput[] = [
  {
    slug: "manufacturing-supply-chain",
    title: "Manufacturing & Supply Chain",
    icon: "factory",
    summary:
      "Connected plants and resilient supply chains: MES integration, predictive maintenance and demand planning that lift OEE and keep orders shipping on time.",
    statsLabel: "60+ Transformations",
    image: "manufacturing-supply-chain",
    headline: "Raise OEE and Cut Unplanned Downtime Across Every Plant",
    subtitle:
      "We connect machines, MES and ERP into one live view of production. Then we use that data to predict failures, catch defects early and plan supply with confidence.",
    seo: {
      title: "Manufacturing & Supply Chain Software: MES, IIoT and Planning",
      description:
        "Connect MES, ERP and shop-floor data to raise OEE, predict equipment failures and plan supply with confidence. Industrial IoT and analytics for manufacturers.",
    },
    market: {
      value: "$400B+",
      description:
        "Global spending on smart manufacturing, industrial IoT and supply chain software, including MES, predictive maintenance, quality and planning platforms.",
    },
    painPoints: [
      {
        icon: "alert-triangle",
        title: "Unplanned Downtime",
        points: [
          "A single line stoppage can idle whole crews and push back shipping dates.",
          "Maintenance runs on fixed calendars, so parts fail between checks or get replaced too early.",
          "Failure history sits in paper logs and never reaches the people who plan production.",
        ],
      },
      {
        icon: "layers",
        title: "Disconnected Plant Systems",
        points: [
          "MES, ERP and PLC data live in separate silos with no shared view of production.",
          "OEE is calculated by hand in spreadsheets, days after the shift that produced it.",
          "Engineers spend more time reconciling reports than fixing root causes.",
        ],
      },
      {
        icon: "truck",
        title: "Fragile Supply Chains",
        points: [
          "One late supplier can halt assembly because buffer stock is set by guesswork.",
          "Planners lack live visibility of inbound shipments and supplier capacity.",
          "Forecasts miss seasonal swings, leaving excess stock at one site and shortages at another.",
        ],
      },
      {
        icon: "search",
        title: "Quality Escapes",
        points: [
          "Defects are caught at final inspection, after scrap and rework costs are already sunk.",
          "Manual visual checks vary from operator to operator and shift to shift.",
          "Traceability gaps make recalls slower, broader and more expensive than they need to be.",
        ],
      },
    ],
    useCases: [
      {
        title: "Predictive Maintenance",
        description:
          "Vibration, temperature and current sensors on motors, pumps and spindles feed models that flag wear weeks before failure. Repairs move into planned stops, delivering 25%+ downtime reduction.",
      },
      {
        title: "Real-Time OEE Dashboards",
        description:
          "We connect PLCs and MES through OPC UA and MQTT, so availability, performance and quality are measured live. Supervisors see losses by line, shift and cause while they can still act.",
      },
      {
        title: "AI Visual Inspection",
        description:
          "Computer vision models check parts at line speed and flag defects at the station that caused them. Every result is logged against its batch for full traceability.",
      },
      {
        title: "Demand and Inventory Planning",
        description:
          "Machine learning forecasts combine order history, supplier lead times and market signals. Planners set safety stock per site and spot shortages before they stop a line.",
      },
    ],
    cta: {
      heading: "Ready to Build a Smarter, More Reliable Plant?",
      text: "Tell us about your lines, systems and goals. We’ll map where data and automation can lift OEE fastest and propose a pilot you can measure.",
    },
  },
  {
    slug: "retail-ecommerce",
    title: "Retail & E-Commerce",
    icon: "shopping-cart",
    summary:
      "Unified commerce for retailers: headless storefronts, real-time inventory, personalization and order management that turn browsers into loyal buyers.",
    statsLabel: "120+ Implementations",
    image: "retail-ecommerce",
    headline: "Sell Everywhere From One Inventory, With Experiences Shoppers Return To",
    subtitle:
      "We build fast headless storefronts, connect store and online stock, and use customer data to personalize offers. Every channel sells from the same source of truth.",
    seo: {
      title: "Retail & E-Commerce Technology: Headless Commerce and Personalization",
      description:
        "Headless commerce, real-time inventory, order management and AI personalization for retailers who want faster sites and higher conversion on every channel.",
    },
    market: {
      value: "$500B+",
      description:
        "Global retail technology and e-commerce platform spending, covering storefronts, order management, personalization, payments and in-store systems.",
    },
    painPoints: [
      {
        icon: "gauge",
        title: "Slow, Rigid Storefronts",
        points: [
          "Monolithic platforms turn every campaign change into a release cycle.",
          "Slow mobile pages lose shoppers before the first product image loads.",
          "Sale-day traffic exposes checkout bottlenecks at the worst possible moment.",
        ],
      },
      {
        icon: "database",
        title: "Inventory Blind Spots",
        points: [
          "Online stock counts lag behind what is actually on store shelves.",
          "Overselling leads to cancelled orders, refunds and angry reviews.",
          "Click-and-collect fails when store stock data is hours old.",
        ],
      },
      {
        icon: "users",
        title: "Generic Customer Experience",
        points: [
          "Every visitor sees the same homepage, whatever their history or intent.",
          "Loyalty, POS and web data sit in separate systems with no single customer view.",
          "Blanket discounts erode margin on buyers who would have paid full price.",
        ],
      },
      {
        icon: "refresh",
        title: "Costly Returns and Fulfillment",
        points: [
          "Online return rates far exceed store returns and eat into margin.",
          "Orders ship from the wrong location, adding cost and delivery days.",
          "Return abuse goes unnoticed until the quarterly numbers land.",
        ],
      },
    ],
    useCases: [
      {
        title: "Headless Commerce Replatforming",
        description:
          "We separate the storefront from the commerce engine with APIs and a modern front-end framework. Marketing ships pages without waiting for releases, and sites stay fast under peak load.",
      },
      {
        title: "Unified Inventory and Order Management",
        description:
          "A single stock ledger across warehouses, stores and marketplaces powers accurate availability. Orders route to the location that can ship fastest at the lowest cost.",
      },
      {
        title: "AI Personalization and Search",
        description:
          "Recommendation and search models rank products by each shopper’s behavior and context. Customers find what they want in fewer clicks, and average order value rises.",
      },
      {
        title: "Returns Intelligence",
        description:
          "Models pinpoint the products, sizes and customers behind costly returns. Teams fix fit data, flag abuse and guide shoppers to the right choice before they buy.",
      },
    ],
    cta: {
      heading: "Turn Every Channel Into a Growth Channel",
      text: "Share your current platform and the metrics you want to move. We’ll outline a roadmap, from quick conversion wins to a full commerce rebuild.",
    },
  },
  {
    slug: "healthcare-life-sciences",
    title: "Healthcare & Life Sciences",
    icon: "heart-pulse",
    summary:
      "Secure, interoperable systems for providers, payers and life sciences: FHIR integration, GxP-ready platforms and clinical AI that protects patient privacy.",
    statsLabel: "45+ Solutions",
    image: "healthcare-life-sciences",
    headline: "Connected Care and Faster Research, Compliant From Day One",
    subtitle:
      "We integrate clinical systems through HL7 and FHIR, build HIPAA- and GxP-ready platforms, and apply AI where it gives clinicians time back and speeds up trials.",
    seo: {
      title: "Healthcare & Life Sciences Software: FHIR, GxP and Clinical AI",
      description:
        "HL7/FHIR integration, HIPAA-compliant cloud, GxP-validated systems and clinical AI for hospitals, payers, pharma and medtech teams.",
    },
    market: {
      value: "$650B+",
      description:
        "Global healthcare IT and life sciences technology spending, covering EHR integration, telehealth, clinical trial platforms and regulated data systems.",
    },
    painPoints: [
      {
        icon: "network",
        title: "Fragmented Patient Data",
        points: [
          "EHRs, labs and imaging systems exchange data through brittle point-to-point interfaces.",
          "Clinicians re-enter the same details into several systems for each patient.",
          "Missing records at handover lead to repeated tests and delayed treatment.",
        ],
      },
      {
        icon: "file-check",
        title: "Heavy Compliance Burden",
        points: [
          "Every system change needs GxP validation evidence that takes weeks to assemble.",
          "HIPAA and GDPR obligations slow down cloud adoption and data sharing.",
          "Audit trails break when data moves between vendors.",
        ],
      },
      {
        icon: "clock",
        title: "Clinician Time Lost to Admin",
        points: [
          "Documentation can take as long as the patient visit itself.",
          "Prior authorizations and coding are handled by hand, delaying care and payment.",
          "Burnout rises as skilled staff spend hours on tasks software could do.",
        ],
      },
      {
        icon: "activity",
        title: "Slow Clinical Trials",
        points: [
          "Patient recruitment misses targets and pushes timelines back by months.",
          "Site data arrives in inconsistent formats and needs heavy manual cleaning.",
          "Safety signals surface late because data is reviewed in batches.",
        ],
      },
    ],
    useCases: [
      {
        title: "FHIR Interoperability Hub",
        description:
          "An integration layer translates HL7 v2, CDA and FHIR messages between EHRs, labs and apps. New connections take days rather than months, and every exchange is logged.",
      },
      {
        title: "Validated Cloud Platforms",
        description:
          "We build on AWS or Azure with infrastructure as code, automated testing and traceable requirements. Validation documents come straight from the pipeline, ready for GxP audits.",
      },
      {
        title: "Ambient Clinical Documentation",
        description:
          "Speech and language models draft visit notes from the consultation for the clinician to review and sign. Notes land in the EHR with the right structure and codes.",
      },
      {
        title: "Trial Recruitment and Data Analytics",
        description:
          "We match eligibility criteria against de-identified records to find candidates faster. Live dashboards track enrollment, data quality and safety signals across sites.",
      },
    ],
    cta: {
      heading: "Build Care Technology Clinicians Trust",
      text: "Bring us your integration backlog or compliance challenge. We’ll propose a compliant path from integration to AI, with validation planned in from the start.",
    },
  },
  {
    slug: "gaming-immersive-tech",
    title: "Gaming & Immersive Tech",
    icon: "gamepad",
    summary:
      "Backends, live-ops tooling and immersive experiences for studios and publishers, built to survive launch day and keep players engaged for years.",
    statsLabel: "30+ Gaming Platforms",
    image: "gaming-immersive-tech",
    headline: "Launch Without Outages and Keep Players Coming Back",
    subtitle:
      "We build scalable game backends, live-ops and analytics pipelines, anti-cheat systems and AR/VR experiences, so your team can focus on making great games.",
    seo: {
      title: "Game Backend, Live-Ops and XR Development Services",
      description:
        "Scalable multiplayer backends, live-ops tooling, player analytics, anti-cheat and AR/VR development for game studios, publishers and immersive tech teams.",
    },
    market: {
      value: "$350B+",
      description:
        "Global games and immersive technology market, including PC, console and mobile gaming, live services, and AR/VR hardware and software.",
    },
    painPoints: [
      {
        icon: "server",
        title: "Launch-Day Failures",
        points: [
          "Matchmaking and login services buckle when player counts spike.",
          "Server fleets sized for peak sit idle the rest of the month, burning budget.",
          "A rocky launch weekend drives negative reviews that are hard to reverse.",
        ],
      },
      {
        icon: "refresh",
        title: "Slow Live-Ops",
        points: [
          "Every event, offer or balance tweak needs a client patch.",
          "Teams cannot test economy changes safely before players see them.",
          "Content cadence slips and players drift to competing titles.",
        ],
      },
      {
        icon: "shield",
        title: "Cheating and Fraud",
        points: [
          "Aimbots and exploits drive honest players out of ranked modes.",
          "Account takeovers and payment fraud cost revenue and support time.",
          "Detection relies on player reports, so bans arrive too late.",
        ],
      },
      {
        icon: "bar-chart",
        title: "Blind Spots in Player Data",
        points: [
          "Telemetry lands in raw logs that take days to query.",
          "Designers cannot see where new players quit in the first session.",
          "Monetization decisions rest on instinct rather than cohort evidence.",
        ],
      },
    ],
    useCases: [
      {
        title: "Scalable Multiplayer Backends",
        description:
          "We build matchmaking, session and player services on Kubernetes with autoscaling game server fleets. Capacity follows the player curve, and costs fall outside peak hours.",
      },
      {
        title: "Live-Ops Platform",
        description:
          "Remote config, event scheduling and A/B testing let designers change offers, rewards and difficulty without a client release. Every change is measured against retention.",
      },
      {
        title: "Anti-Cheat and Fraud Detection",
        description:
          "Server-side validation and behavioral models spot impossible inputs, bot play and suspicious purchases. Enforcement is automated, with evidence kept for appeals.",
      },
      {
        title: "AR/VR and Immersive Experiences",
        description:
          "We develop Unity and Unreal experiences for headsets, mobile AR and the web. Projects range from games to virtual showrooms and training simulations.",
      },
    ],
    cta: {
      heading: "Get Your Backend Ready for Your Biggest Launch",
      text: "Send us your title, platforms and player targets. We’ll review your architecture and show where to scale, secure and speed up live-ops.",
    },
  },
  {
    slug: "defense-mining",
    title: "Defense & Mining",
    icon: "shield",
    summary:
      "Rugged, secure software for remote and high-risk operations: edge computing that works offline, autonomous systems and real-time safety monitoring.",
    statsLabel: "25+ Secure Deployments",
    image: "defense-mining",
    headline: "Mission-Critical Systems That Keep Working When the Network Doesn’t",
    subtitle:
      "We build edge platforms for disconnected sites, secure data links and AI that runs on local hardware, so crews make safe, fast decisions far from any data center.",
    seo: {
      title: "Defense & Mining Technology: Edge, Offline and Secure Systems",
      description:
        "Edge computing, offline-first apps, secure communications and safety analytics for defense programs and mining operations in remote, high-risk environments.",
    },
    market: {
      value: "$200B+",
      description:
        "Technology spending across defense digital programs and mining operations, including edge computing, autonomous equipment, secure networks and safety systems.",
    },
    painPoints: [
      {
        icon: "wifi-off",
        title: "Disconnected Operations",
        points: [
          "Open pits, tunnels and forward bases have little or no reliable connectivity.",
          "Cloud-only software stops working the moment the satellite link drops.",
          "Data collected in the field can wait days to reach analysts.",
        ],
      },
      {
        icon: "alert-triangle",
        title: "Worker Safety Risks",
        points: [
          "Heavy equipment and people share the same haul roads and tunnels.",
          "Gas, ground movement and fatigue warnings arrive too late to act on.",
          "Incident reports are filed on paper and rarely feed prevention.",
        ],
      },
      {
        icon: "lock",
        title: "Strict Security Requirements",
        points: [
          "Systems must pass accreditation and handle classified or sensitive data.",
          "Supply chain and firmware risks reach deep into connected devices.",
          "Updating software on air-gapped networks is slow and manual.",
        ],
      },
      {
        icon: "wrench",
        title: "Costly Equipment Failures",
        points: [
          "A failed haul truck or drill rig can halt production for a whole shift.",
          "Spare parts take weeks to reach remote sites.",
          "Crews lack condition data until a machine is already down.",
        ],
      },
    ],
    useCases: [
      {
        title: "Offline-First Edge Platforms",
        description:
          "Rugged edge servers run applications, analytics and AI models on site. Data syncs to the core whenever a link is available, with conflict handling built in.",
      },
      {
        title: "Real-Time Safety Monitoring",
        description:
          "Wearables, proximity sensors and gas detectors feed one live view of people and equipment. Alerts reach operators and workers in seconds, even without a cloud link.",
      },
      {
        title: "Secure Communications and Data Fusion",
        description:
          "We integrate radio, mesh and satellite links with zero-trust access and end-to-end encryption. Sensor, drone and map data merge into one common operating picture.",
      },
      {
        title: "Autonomous and Remote Operations",
        description:
          "Remote operations centers and autonomy software let smaller teams run drills, haul trucks and unmanned vehicles. People stay out of the most dangerous zones.",
      },
    ],
    cta: {
      heading: "Make Remote Operations Safer and Always On",
      text: "Describe where you operate and what must keep running offline. We’ll design a secure edge architecture that fits your accreditation rules and site conditions.",
    },
  },
  {
    slug: "automotive-aviation",
    title: "Automotive & Aviation",
    icon: "car",
    summary:
      "Software for connected vehicles and aircraft: OTA update platforms, telematics, digital MRO and predictive maintenance that keep fleets safe and moving.",
    statsLabel: "70+ Deployments",
    image: "automotive-aviation",
    headline: "Ship Safer Vehicle Software and Keep Aircraft Flying Longer",
    subtitle:
      "We build OTA update pipelines, connected-vehicle platforms and digital MRO systems that turn sensor data into maintenance plans and faster turnarounds.",
    seo: {
      title: "Automotive & Aviation Software: OTA, Telematics and Digital MRO",
      description:
        "OTA update platforms, connected-vehicle data, digital MRO and predictive maintenance for automakers, suppliers, airlines and aviation service providers.",
    },
    market: {
      value: "$900B+",
      description:
        "Global automotive and aviation technology spending, covering software-defined vehicles, connected services, avionics data, and maintenance, repair and overhaul.",
    },
    painPoints: [
      {
        icon: "cpu",
        title: "Growing Vehicle Software Complexity",
        points: [
          "Modern vehicles run code from dozens of suppliers across many ECUs.",
          "Fixing a software defect often still means a recall and a dealer visit.",
          "Safety and cybersecurity rules such as ISO 26262 and UN R155 slow every release.",
        ],
      },
      {
        icon: "wrench",
        title: "Paper-Heavy MRO",
        points: [
          "Technicians record tasks on paper cards that are later retyped.",
          "Parts and tooling shortages keep aircraft grounded longer than the repair itself.",
          "Gaps in records create risk during airworthiness audits.",
        ],
      },
      {
        icon: "plane",
        title: "Unscheduled Downtime",
        points: [
          "Every day an aircraft sits on the ground costs revenue and rebooking fees.",
          "Engine and component health data is reviewed after the fact, not in flight.",
          "Fleet vehicles break down on the road instead of in the workshop.",
        ],
      },
      {
        icon: "database",
        title: "Untapped Vehicle Data",
        points: [
          "Telematics streams are collected but rarely turned into products.",
          "Data formats differ by model, supplier and year.",
          "Privacy rules limit what can be shared without proper consent management.",
        ],
      },
    ],
    useCases: [
      {
        title: "OTA Update Platforms",
        description:
          "Signed, staged over-the-air updates reach vehicles by region and model, with automatic rollback if checks fail. Fixes and features ship without a workshop visit.",
      },
      {
        title: "Digital MRO and Tech Logs",
        description:
          "Tablets replace paper task cards and sync with maintenance and parts systems. Inspectors sign off digitally, and audit records are complete by default.",
      },
      {
        title: "Predictive Fleet Maintenance",
        description:
          "Models trained on engine, brake and battery data predict component wear. Work is booked into planned stops, and parts are ordered before they are needed.",
      },
      {
        title: "Connected Vehicle Data Platforms",
        description:
          "We normalize telematics from mixed fleets into one governed data platform. It powers usage-based insurance, EV charging insights and new driver services.",
      },
    ],
    cta: {
      heading: "Accelerate Your Next Software-Defined Fleet",
      text: "Walk us through your vehicles, aircraft and maintenance setup. We’ll identify where OTA, data and digital MRO can cut downtime and cost first.",
    },
  },
  {
    slug: "energy-infrastructure",
    title: "Energy & Infrastructure",
    icon: "zap",
    summary:
      "Digital grids and smarter assets for utilities and infrastructure owners: SCADA modernization, renewable integration and predictive asset maintenance.",
    statsLabel: "55+ Energy Projects",
    image: "energy-infrastructure",
    headline: "Modernize the Grid and Keep Critical Assets Running",
    subtitle:
      "We connect SCADA, sensors and asset systems into one data platform, forecast demand and renewable output, and protect operational technology from cyber threats.",
    seo: {
      title: "Energy & Infrastructure Technology: SCADA, Grid and Asset Analytics",
      description:
        "SCADA modernization, grid analytics, renewable forecasting, OT security and predictive maintenance for utilities, energy producers and infrastructure owners.",
    },
    market: {
      value: "$550B+",
      description:
        "Global spending on energy and infrastructure digitalization, covering smart grids, SCADA and OT systems, renewable integration and asset performance management.",
    },
    painPoints: [
      {
        icon: "server",
        title: "Aging Control Systems",
        points: [
          "SCADA and historian platforms run on unsupported operating systems.",
          "Vendor lock-in makes every upgrade slow and expensive.",
          "Operators juggle several screens to understand a single incident.",
        ],
      },
      {
        icon: "leaf",
        title: "Renewable Variability",
        points: [
          "Solar and wind output swings with the weather, straining grid balance.",
          "Forecast errors force costly reserve purchases and curtailment.",
          "Rooftop solar and EV charging create load patterns planners never modeled.",
        ],
      },
      {
        icon: "shield",
        title: "OT Cyber Exposure",
        points: [
          "Connecting control networks to IT opens new attack paths.",
          "Many field devices cannot be patched without an outage.",
          "Regulators such as NERC CIP demand evidence that teams struggle to produce.",
        ],
      },
      {
        icon: "wrench",
        title: "Reactive Asset Maintenance",
        points: [
          "Transformers, turbines and pipelines are inspected on fixed cycles, not on condition.",
          "Field crews drive to remote sites only to find no fault.",
          "Failures cause outages, regulatory penalties and safety incidents.",
        ],
      },
    ],
    useCases: [
      {
        title: "SCADA and OT Modernization",
        description:
          "We migrate legacy control and historian systems to supported, open platforms in stages. Operations continue throughout, and operators gain a single, clear view.",
      },
      {
        title: "Grid and Renewable Forecasting",
        description:
          "Models combine weather, load and market data to forecast demand and generation hour by hour. Dispatchers balance the grid with smaller reserves and less curtailment.",
      },
      {
        title: "Predictive Asset Management",
        description:
          "Sensor and inspection data feed health scores for transformers, turbines and pumps. Crews fix the highest-risk assets first and make fewer wasted site visits.",
      },
      {
        title: "OT Security Monitoring",
        description:
          "Passive network monitoring builds an inventory of every controller and flags unusual traffic. Evidence for NERC CIP and IEC 62443 is collected automatically.",
      },
    ],
    cta: {
      heading: "Build a Grid Ready for What Comes Next",
      text: "Start with a conversation about your assets, control systems and regulatory goals. We’ll outline a modernization path that improves reliability without risking operations.",
    },
  },
  {
    slug: "telecom-real-estate",
    title: "Telecom & Real Estate",
    icon: "radio",
    summary:
      "Network and property technology: 5G and OSS/BSS modernization for operators, and proptech platforms that help developers and agents sell and manage faster.",
    statsLabel: "40+ Real Estate Solutions",
    image: "telecom-real-estate",
    headline: "Smarter Networks and Proptech That Closes More Deals",
    subtitle:
      "We modernize OSS/BSS stacks and 5G operations for carriers, and build property platforms, smart-building systems and sales analytics for real estate firms.",
    seo: {
      title: "Telecom & Real Estate Technology: 5G, OSS/BSS and Proptech",
      description:
        "5G network automation, OSS/BSS modernization, smart-building IoT and property sales analytics for telecom operators, developers and real estate firms.",
    },
    market: {
      value: "$320B+",
      description:
        "Combined telecom software and proptech spending, covering 5G and network automation, OSS/BSS platforms, smart buildings, and property sales and management tools.",
    },
    painPoints: [
      {
        icon: "network",
        title: "Legacy OSS/BSS Stacks",
        points: [
          "Launching a new tariff or bundle takes months of custom code.",
          "Billing, CRM and provisioning disagree on what a customer actually owns.",
          "Manual order fallout delays activations and drives churn.",
        ],
      },
      {
        icon: "radio",
        title: "Complex 5G Operations",
        points: [
          "Network slicing and densification multiply the elements to manage.",
          "Customers notice faults before the network operations center does.",
          "Spectrum and site investments lack clear data on return.",
        ],
      },
      {
        icon: "building",
        title: "Disconnected Property Data",
        points: [
          "Listings, leases and building systems sit in separate tools.",
          "Energy and maintenance costs are tracked by invoice, not by live meter data.",
          "Tenants expect app-based access and service that older buildings cannot offer.",
        ],
      },
      {
        icon: "trending-up",
        title: "Slow Property Sales Cycles",
        points: [
          "Sales teams chase every lead equally, with no view of buying intent.",
          "Pricing decisions rely on last quarter’s comparables.",
          "Buyers wait days for floor plans, availability and payment plans.",
        ],
      },
    ],
    useCases: [
      {
        title: "OSS/BSS Modernization",
        description:
          "We move catalog, ordering and billing to cloud-native services aligned with TM Forum Open APIs. New offers launch in weeks, and orders flow through without manual fixes.",
      },
      {
        title: "AI-Driven Network Operations",
        description:
          "Models correlate alarms, performance counters and tickets to find root causes and predict faults. Closed-loop automation resolves common issues before customers notice.",
      },
      {
        title: "Property Sales Analytics",
        description:
          "Lead scoring, pricing models and pipeline dashboards show agents which buyers are ready to commit. Sales teams focus their time where it counts, for 30% better deal closure.",
      },
      {
        title: "Smart Buildings and Tenant Apps",
        description:
          "IoT sensors feed one platform for energy, access and maintenance. Tenants book spaces and raise requests in an app, while managers see costs per floor in real time.",
      },
    ],
    cta: {
      heading: "Connect Your Networks and Properties to Growth",
      text: "Whether you run networks, buildings or both, we’ll show where automation and analytics can cut cost and close more business this year.",
    },
  },
  {
    slug: "bfsi-compliance-tech",
    title: "Banking, Financial Services & Compliance Tech",
    icon: "wallet",
    summary:
      "Core banking modernization, digital channels and compliance automation for banks, insurers and fintechs, with KYC, AML and audit readiness built in.",
    statsLabel: "80+ Financial Solutions",
    image: "bfsi-compliance-tech",
    headline: "Modern Banking Platforms With Compliance Built In, Not Bolted On",
    subtitle:
      "We modernize core banking, automate KYC and AML checks, and build audit-ready data pipelines, so new products launch faster and regulators get answers sooner.",
    seo: {
      title: "Banking & Compliance Technology: Core Banking, KYC and AML",
      description:
        "Core banking modernization, digital onboarding, KYC/AML automation, fraud detection and RegTech for banks, insurers, lenders and fintech companies.",
    },
    market: {
      value: "$700B+",
      description:
        "Global financial services technology spending, covering core banking, digital channels, payments, fraud prevention and regulatory compliance software.",
    },
    painPoints: [
      {
        icon: "database",
        title: "Legacy Core Banking",
        points: [
          "Decades-old mainframe cores make every product change slow and risky.",
          "Overnight batch runs leave balances and limits hours out of date.",
          "The engineers who know the COBOL code are nearing retirement.",
        ],
      },
      {
        icon: "users",
        title: "Slow Customer Onboarding",
        points: [
          "Manual KYC checks stretch account opening to days.",
          "Applicants abandon long forms and document uploads halfway through.",
          "Each product line repeats the same identity checks.",
        ],
      },
      {
        icon: "search",
        title: "AML and Fraud Pressure",
        points: [
          "Rule-based monitoring raises floods of false-positive alerts.",
          "Analysts spend hours on each case, building backlogs regulators notice.",
          "Real-time payments give fraudsters seconds to move money.",
        ],
      },
      {
        icon: "file-check",
        title: "Costly Audits and Reporting",
        points: [
          "Evidence for each audit is gathered by hand from dozens of systems.",
          "Regulatory reports are rebuilt in spreadsheets every quarter.",
          "Control failures are found by auditors instead of by monitoring.",
        ],
      },
    ],
    useCases: [
      {
        title: "Core Banking Modernization",
        description:
          "We wrap legacy cores with APIs, then move products to a cloud-native core in stages. Customers see no disruption, and new products reach market in weeks.",
      },
      {
        title: "Digital KYC Onboarding",
        description:
          "Document checks, biometric verification and sanctions screening run in one automated flow. Good customers open accounts in minutes, and risky cases go to analysts.",
      },
      {
        title: "AML and Fraud Analytics",
        description:
          "Machine learning scores transactions in real time and ranks alerts by risk. Investigators chase fewer false positives and focus on genuine threats.",
      },
      {
        title: "Continuous Compliance and Audit Automation",
        description:
          "Controls are tested continuously, and evidence is captured as work happens. The result is 70% less audit prep time and reports that regulators can trace to source.",
      },
    ],
    cta: {
      heading: "Modernize Your Bank Without Adding Risk",
      text: "Book a working session on your core systems, regulators and growth plans. We’ll propose a phased roadmap that keeps compliance and customers protected at every step.",
    },
  },
  {
    slug: "travel-mobility-logistics",
    title: "Travel, Mobility & Logistics",
    icon: "plane",
    summary:
      "Dynamic pricing, AI travel assistants and route optimization for airlines, travel companies, mobility providers and logistics fleets.",
    statsLabel: "65+ Mobility Projects",
    image: "travel-mobility-logistics",
    headline: "Earn More Per Trip and Move Every Fleet More Efficiently",
    subtitle:
      "We build pricing engines, conversational assistants and routing platforms that lift revenue, cut service costs and keep passengers and freight moving on time.",
    seo: {
      title: "Travel, Mobility & Logistics Technology: Pricing, AI and Routing",
      description:
        "Dynamic pricing, AI travel assistants, route optimization and fleet analytics for airlines, travel platforms, mobility operators and logistics companies.",
    },
    market: {
      value: "$280B+",
      description:
        "Global technology spending across travel, mobility and logistics, covering booking and pricing systems, mobility platforms, fleet telematics and routing software.",
    },
    painPoints: [
      {
        icon: "wallet",
        title: "Static Pricing and Lost Revenue",
        points: [
          "Fares and rates change weekly while demand shifts by the hour.",
          "Seats, bags and upgrades are offered the same way to every traveler.",
          "Competitors react to market moves faster than manual pricing teams can.",
        ],
      },
      {
        icon: "users",
        title: "Overloaded Customer Service",
        points: [
          "Contact centers are swamped during disruptions, when travelers need help most.",
          "Most questions are routine: booking changes, baggage rules and refunds.",
          "Long waits push customers to social media and to competitors.",
        ],
      },
      {
        icon: "truck",
        title: "Inefficient Fleets and Routes",
        points: [
          "Vehicles run partly empty or return without a load.",
          "Routes are planned once a day and ignore live traffic and new orders.",
          "Idle time and detours raise fuel costs and emissions.",
        ],
      },
      {
        icon: "globe",
        title: "Fragmented Journey Data",
        points: [
          "Booking, tracking and payment data sit with different partners.",
          "Travelers and shippers cannot see reliable arrival times.",
          "Disruptions cascade because no one sees the whole network.",
        ],
      },
    ],
    useCases: [
      {
        title: "Dynamic Pricing and Ancillary Offers",
        description:
          "Demand models set fares and bundle seats, bags and upgrades for each traveler in real time. Operators typically gain 20%+ revenue per passenger.",
      },
      {
        title: "AI Travel Assistants",
        description:
          "A conversational assistant on web, app and messaging handles rebooking, baggage and refund questions. Expect 90% of common travel inquiries resolved without an agent, even during disruptions.",
      },
      {
        title: "Route and Load Optimization",
        description:
          "Optimization engines plan routes and loads around live traffic, delivery windows and capacity, and re-plan as new orders arrive. The outcome is 25% better fleet utilization.",
      },
      {
        title: "Real-Time Visibility and ETA Prediction",
        description:
          "Tracking data from carriers, vehicles and partners flows into one platform. Machine learning predicts arrival times and alerts teams before a delay becomes a missed connection.",
      },
    ],
    cta: {
      heading: "Build Smarter Journeys and Fleets",
      text: "Tell us about your routes, customers and systems. We’ll pinpoint where pricing, AI service and routing can deliver returns fastest.",
    },
  },
];
