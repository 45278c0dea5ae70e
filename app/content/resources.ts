import type { ResourceInput } from "./schema";

export const resources: ResourceInput[] = [
  {
    slug: "digital-twins",
    title: "Digital Twins",
    summary:
      "How live digital replicas of machines, plants and cities let organizations test decisions in software before they touch the physical world.",
    category: "Emerging Technology",
    readTime: 10,
    image: "digital-twins",
    headline: "Digital Twins: Transforming Industries with Real-Time Intelligence",
    seo: {
      title: "Digital Twins: Transforming Industries with Real-Time Intelligence",
      description:
        "How digital twins combine sensor data and simulation to mirror real assets, and where they pay off in manufacturing, energy, cities and healthcare.",
    },
    intro: [
      "A digital twin is a virtual model of a physical thing (a pump, a production line, a building, a power network, even a human heart) that is kept up to date with data from its real counterpart. It is more than a 3D drawing. A twin combines the asset’s design data, its live operating data and simulation logic, so it can show what is happening now and estimate what will happen next.",
      "Three parts make a twin work. Sensors and control systems on the physical asset stream measurements such as temperature, pressure, vibration, position or energy use over industrial IoT networks. A data platform cleans those readings and links each one to the right component in the model. Physics-based simulation, machine learning or a mix of both then runs on top, answering questions such as ‘how much longer will this bearing last?’ or ‘what happens to throughput if we add a second shift?’. Where it is safe, insights flow back as setpoint changes or work orders, closing the loop between the digital and physical sides.",
      "The idea is older than the name. NASA kept physical replicas of spacecraft on the ground to diagnose problems in flight, and the digital twin concept was formalized in product lifecycle management research in the early 2000s. Cheap sensors, cloud computing and better simulation software have since carried it from aerospace into mainstream industry. Standards are catching up too: ISO 23247 sets out a reference framework for digital twins in manufacturing, covering how machines, materials and processes are represented and kept synchronized.",
      "Today most organizations run twins at component or asset level, such as a single compressor or wind turbine, and a growing number link them into system-level twins of whole plants, grids or campuses. The technology is proven. The hard parts are data quality, integration with existing systems and choosing which decisions the twin should support. Projects that start with one costly, well-instrumented problem usually show value fastest.",
    ],
    market: {
      value: "$400B+ by 2030",
      description:
        "Projected value by 2030 of the wider digital twin ecosystem: twin and simulation software, IoT sensors and connectivity, cloud and edge infrastructure, and the integration services that bring them together.",
    },
    reasons: [
      {
        title: "Decisions tested before they are made",
        description:
          "A twin lets teams try a new line layout, control strategy or maintenance plan in software first, so expensive mistakes are found on screen rather than on the shop floor.",
      },
      {
        title: "Problems caught earlier",
        description:
          "Because the model knows how an asset should behave, it can flag drift between expected and actual readings long before an alarm trips or a part fails, turning surprises into planned work.",
      },
      {
        title: "One shared view of every asset",
        description:
          "Engineering, operations and maintenance usually keep separate records. A twin joins design data, live telemetry and service history in one place, so every team works from the same facts.",
      },
      {
        title: "Less waste of energy and materials",
        description:
          "Simulating energy flows, scrap rates and process settings shows where waste comes from. That supports cost targets and sustainability reporting with measured rather than estimated data.",
      },
    ],
    applications: [
      {
        title: "Manufacturing lines and virtual commissioning",
        description:
          "Model a production line, test PLC logic and robot paths against the virtual plant, and bring new equipment online with fewer start-up surprises. Running twins then track OEE and bottlenecks shift by shift.",
      },
      {
        title: "Energy and utility assets",
        description:
          "Twins of wind turbines, substations, pipelines and grids combine weather, load and condition data to plan maintenance, balance supply and demand, and test how the network copes with outages.",
      },
      {
        title: "Smart buildings and cities",
        description:
          "City and campus twins bring together building information models, traffic sensors and utility data to plan construction, manage energy use and rehearse responses to floods or heatwaves.",
      },
      {
        title: "Healthcare and life sciences",
        description:
          "Hospitals model patient flow, bed capacity and staffing to shorten waits. In research, patient-specific organ models and twins of bioprocesses support treatment planning and drug manufacturing.",
      },
      {
        title: "Supply chain and logistics",
        description:
          "A supply chain twin maps suppliers, plants, warehouses and transport links, so planners can see the knock-on effects of a port closure, demand spike or supplier failure and act before shelves empty.",
      },
      {
        title: "Product design and lifecycle",
        description:
          "Engineers feed data from products in the field back into design, checking simulations against real behavior and improving the next generation instead of guessing how customers use it.",
      },
    ],
    painPoints: [
      {
        icon: "database",
        title: "Fragmented, poor-quality data",
        points: [
          "Sensor, historian, ERP and CAD data sit in separate systems with different identifiers",
          "Gaps, noise and drifting sensors make the model disagree with reality",
          "Older equipment often has no sensors or only proprietary data interfaces",
        ],
      },
      {
        icon: "puzzle",
        title: "Integration with legacy systems",
        points: [
          "Connecting PLCs, SCADA and plant networks to cloud platforms raises security and latency concerns",
          "Each equipment vendor offers its own twin platform with limited interoperability",
          "Custom point-to-point integrations become brittle and expensive to maintain",
        ],
      },
      {
        icon: "target",
        title: "Unclear business case",
        points: [
          "Pilots showcase impressive 3D visuals but never change an operational decision",
          "Benefits spread across teams, so no single budget owner claims the return",
          "Scaling from one asset to a fleet needs a different architecture than the pilot",
        ],
      },
      {
        icon: "users",
        title: "Skills and model upkeep",
        points: [
          "Projects need data engineers, domain experts and simulation specialists working together",
          "Models lose accuracy when the physical asset is modified and nobody updates the twin",
          "Operators distrust recommendations that come without an explanation",
        ],
      },
    ],
    profiles: [
      {
        title: "Discrete and process manufacturers",
        description:
          "Plants with costly lines and frequent changeovers that need to test new products, layouts and control logic without stopping production.",
        budget: "$250K–$1.5M",
        improvement: "20–30% faster commissioning of new lines",
      },
      {
        title: "Energy and utility operators",
        description:
          "Owners of generation, transmission or renewable assets who need condition-based maintenance and better forecasting across distributed, hard-to-reach sites.",
        budget: "$500K–$3M",
        improvement: "25–35% less unplanned downtime",
      },
      {
        title: "Real estate and facility managers",
        description:
          "Portfolio owners running offices, hospitals or campuses who want to cut energy use and plan space and maintenance from live building data.",
        budget: "$150K–$800K",
        improvement: "15–25% lower building energy use",
      },
      {
        title: "City and infrastructure authorities",
        description:
          "Public bodies planning transport, water and urban development that need to simulate the impact of projects and climate events before committing capital.",
        budget: "$400K–$2.5M",
        improvement: "20–30% fewer design changes during construction",
      },
      {
        title: "Hospitals and health systems",
        description:
          "Providers under pressure on beds, operating theaters and emergency departments who need to model patient flow and staffing to reduce delays.",
        budget: "$200K–$1M",
        improvement: "10–20% shorter patient waiting times",
      },
      {
        title: "Logistics and supply chain leaders",
        description:
          "Companies with multi-site networks that need to test sourcing, inventory and routing scenarios against disruption before it happens.",
        budget: "$300K–$1.5M",
        improvement: "15–25% lower safety stock at the same service level",
      },
    ],
    cta: {
      heading: "Ready to build your first digital twin?",
      text: "Tell us about the asset or process that costs you most when it goes wrong. We’ll help you scope a twin that pays for itself and scales beyond the pilot.",
    },
  },
  {
    slug: "smart-audits",
    title: "Smart Audits",
    summary:
      "How continuous monitoring, full-population testing and automated evidence turn audits from an annual scramble into an always-on view of risk.",
    category: "Audit & Compliance",
    readTime: 10,
    image: "smart-audits",
    headline: "Smart Audits: Redefining Compliance & Cybersecurity",
    seo: {
      title: "Smart Audits: Redefining Compliance & Cybersecurity",
      description:
        "How smart audits use continuous controls monitoring, full-population testing and automated evidence for SOC 2, ISO 27001, PCI DSS, HIPAA and GDPR.",
    },
    intro: [
      "A traditional audit is a snapshot. Once a year, auditors request screenshots and spreadsheets, test a small sample of transactions or access changes, and report on whether controls worked during the period. Teams lose weeks gathering evidence, and a problem that started in month two may not surface until month thirteen.",
      "A smart audit replaces the snapshot with a continuous feed. Connectors pull configuration, log and transaction data straight from cloud platforms, identity providers, HR systems, ticketing tools and ERP software. Each control becomes an automated test: is multi-factor authentication enforced for every administrator, was every production change approved, was access removed within a day of an employee leaving? Tests run daily or in real time against the full population of records rather than a sample, and failures raise alerts while there is still time to fix them.",
      "The same evidence serves many frameworks. One test of encryption at rest or of quarterly access reviews can map to SOC 2, ISO/IEC 27001, PCI DSS, the HIPAA Security Rule and GDPR’s security obligations, so it is collected once and reused. Machine learning adds a second layer, spotting unusual payments, privilege escalations or log patterns that no predefined rule anticipated.",
      "External auditors still form the opinion, and professional standards still govern what they may rely on. What changes is the quality of what they receive: complete, time-stamped, system-generated evidence instead of hand-assembled folders. Regulation points the same way. Rules such as the EU’s Digital Operational Resilience Act (DORA) and the NIS2 Directive expect organizations to show ongoing control over ICT and cyber risk, not a once-a-year statement that all was well.",
    ],
    market: {
      value: "$298.5B+ by 2027",
      description:
        "Projected global spending by 2027 on cybersecurity and the compliance technology that supports it, including governance, risk and compliance platforms, continuous monitoring and audit automation.",
    },
    reasons: [
      {
        title: "Issues found in days, not months",
        description:
          "Continuous testing shortens the gap between a control failing and someone noticing. A misconfigured storage bucket or an orphaned admin account gets fixed before it becomes an incident or an audit finding.",
      },
      {
        title: "Complete coverage instead of samples",
        description:
          "Testing every transaction, user and change removes the blind spots of sampling. Auditors and boards get assurance over the whole population, and exceptions are listed precisely rather than estimated.",
      },
      {
        title: "Far less preparation effort",
        description:
          "When evidence is collected automatically and mapped to controls, audit preparation stops being a seasonal project. Security and finance teams get weeks back for work that actually reduces risk.",
      },
      {
        title: "Compliance that reflects real security",
        description:
          "Linking audits to live security data means a clean report reflects how systems are configured today, which is what customers, regulators and cyber insurers increasingly ask to see.",
      },
    ],
    applications: [
      {
        title: "Continuous controls monitoring",
        description:
          "Automated tests check access, change management, backup, encryption and logging controls against policy every day, with dashboards showing which controls pass, fail or lack evidence.",
      },
      {
        title: "Multi-framework evidence automation",
        description:
          "A common control set maps once to SOC 2, ISO/IEC 27001, PCI DSS, HIPAA and GDPR requirements, so one piece of evidence satisfies several audits and each new framework adds little extra work.",
      },
      {
        title: "Full-population transaction testing",
        description:
          "Analytics scripts test every journal entry, payment or expense claim for duplicates, split invoices, weekend postings and segregation-of-duties conflicts, replacing manual sample selection.",
      },
      {
        title: "AI-driven anomaly detection",
        description:
          "Models learn normal behavior for users, vendors and systems and flag outliers, such as unusual payment routes, sudden privilege changes or large data transfers at odd hours, for human review.",
      },
      {
        title: "Cloud security posture management",
        description:
          "Cloud account settings are checked continuously against benchmarks such as the CIS Benchmarks, with drift reported and often corrected automatically through infrastructure-as-code pipelines.",
      },
      {
        title: "Third-party and vendor risk",
        description:
          "Supplier questionnaires, certificates and security ratings are collected and tracked in one place, with alerts when a vendor’s certification lapses or its external attack surface changes.",
      },
    ],
    painPoints: [
      {
        icon: "clock",
        title: "Manual evidence collection",
        points: [
          "Teams spend weeks capturing screenshots and exporting spreadsheets before each audit",
          "Evidence is already out of date by the time the auditor reviews it",
          "The same control is evidenced in a different way for each framework",
        ],
      },
      {
        icon: "layers",
        title: "Overlapping frameworks",
        points: [
          "SOC 2, ISO 27001, PCI DSS and privacy laws ask similar questions in different words",
          "Every new customer contract or regulation brings another questionnaire",
          "Control owners face repeated requests for the same information",
        ],
      },
      {
        icon: "alert-triangle",
        title: "Alert fatigue and false positives",
        points: [
          "Poorly tuned rules flood teams with exceptions that turn out to be harmless",
          "Real issues get lost among hundreds of low-value alerts",
          "Without clear ownership, failed controls stay open for weeks",
        ],
      },
      {
        icon: "lock",
        title: "Data access and auditor trust",
        points: [
          "Connecting audit tools to production systems creates its own security and privacy risks",
          "Auditors must be able to rely on how automated evidence was produced",
          "Legacy and on-premises systems often lack APIs for automated collection",
        ],
      },
    ],
    profiles: [
      {
        title: "High-growth SaaS companies",
        description:
          "Software vendors whose enterprise deals depend on a SOC 2 report or ISO 27001 certificate and who cannot yet justify a dedicated audit team.",
        budget: "$50K–$250K",
        improvement: "60–70% less audit preparation time",
      },
      {
        title: "Banks and financial services firms",
        description:
          "Regulated institutions facing DORA, PCI DSS and internal audit demands that need continuous assurance over payments, access and ICT risk.",
        budget: "$500K–$3M",
        improvement: "40–50% fewer repeat audit findings",
      },
      {
        title: "Healthcare providers and health tech",
        description:
          "Organizations handling protected health information that need ongoing evidence of HIPAA safeguards across clinical systems, cloud services and vendors.",
        budget: "$150K–$900K",
        improvement: "30–40% faster security risk assessments",
      },
      {
        title: "Payment processors and merchants",
        description:
          "Businesses in scope for PCI DSS that must prove cardholder data controls work all year, not only in the weeks around the assessment.",
        budget: "$100K–$750K",
        improvement: "40–60% less effort per PCI DSS assessment",
      },
      {
        title: "Multinational enterprises",
        description:
          "Groups reporting against several frameworks across regions that want one control library, one evidence store and one view of compliance status for the board.",
        budget: "$750K–$4M",
        improvement: "30–40% lower total cost of compliance",
      },
      {
        title: "Internal audit and risk teams",
        description:
          "Audit functions moving from sample-based testing to analytics and continuous auditing, who need data access, tooling and new skills.",
        budget: "$100K–$600K",
        improvement: "100% transaction coverage with 50% less testing effort",
      },
    ],
    cta: {
      heading: "Make your next audit the easiest one yet",
      text: "Share the frameworks you report against and the systems you run. We’ll show you which controls can be tested automatically and what a continuous compliance roadmap looks like.",
    },
  },
  {
    slug: "retail-technology",
    title: "Retail Technology",
    summary:
      "How unified commerce, personalization, RFID, smarter checkout and AI forecasting help retailers serve shoppers wherever they buy, with less stock waste.",
    category: "Digital Transformation",
    readTime: 12,
    image: "retail-technology",
    headline: "Retail Technology: Transforming Shopping Experiences",
    seo: {
      title: "Retail Technology: Transforming Shopping Experiences",
      description:
        "Unified commerce, personalization, RFID inventory, computer-vision checkout, BOPIS, retail media and AI demand forecasting explained for retail leaders.",
    },
    intro: [
      "Shoppers no longer think in channels. They browse on a phone, check stock online, try the product in a store, and expect to collect, return or exchange it wherever suits them. Retail technology is the set of systems that makes this work behind the scenes: commerce platforms, point of sale, inventory and order management, customer data, in-store devices and the analytics that tie them together.",
      "The big shift is from multichannel to unified commerce. In a multichannel setup, the website, stores and marketplaces each run on their own stack and are reconciled overnight. In unified commerce they share one real-time view of inventory, orders, prices and customers. That single view is what makes buy online, pick up in store (BOPIS), ship-from-store, endless aisle and cross-channel returns reliable instead of a source of cancelled orders.",
      "On top of that foundation, retailers are adding intelligence. Item-level RFID tags let staff count a store in minutes and keep online stock figures honest. Computer vision powers loss prevention at self-checkout, shelf monitoring and, in some formats, checkout-free shopping. Machine learning forecasts demand by item and location, drives replenishment and markdowns, and personalizes offers. Retailers with large first-party audiences also sell advertising on their own sites, apps and screens through retail media networks.",
      "Not every technology earns its keep. Some checkout-free formats have been scaled back after heavy investment, and personalization built on messy customer data tends to disappoint. The retailers that benefit most fix data and inventory accuracy first, then add customer-facing features where they measurably change conversion, basket size or margin.",
    ],
    market: {
      value: "$500B+ by 2030",
      description:
        "Projected global spending by 2030 on retail technology, including commerce platforms, point of sale, inventory and supply chain systems, in-store devices, customer data and AI analytics.",
    },
    reasons: [
      {
        title: "Customers expect seamless journeys",
        description:
          "When a product shows as in stock online but is missing from the shelf, the sale and often the customer are lost. Accurate, shared data across channels turns convenience promises into reliable service.",
      },
      {
        title: "Inventory is the biggest lever on margin",
        description:
          "Better forecasts and accurate stock records cut both out-of-stocks and overstock, which means fewer lost sales, fewer markdowns and less working capital tied up in the wrong place.",
      },
      {
        title: "Store labor is scarce and expensive",
        description:
          "Automating stock counts, price changes and routine checkout tasks frees store staff to help customers, pick online orders and keep shelves full instead of spending hours on manual admin.",
      },
      {
        title: "First-party data has new value",
        description:
          "As privacy rules and browser restrictions limit third-party tracking, a retailer’s own customer and purchase data becomes a core asset for personalization, loyalty and retail media income.",
      },
    ],
    applications: [
      {
        title: "Unified commerce and BOPIS",
        description:
          "One real-time layer for stock, orders, prices and customers across web, app, stores and marketplaces, so click and collect, ship-from-store and cross-channel returns work every time.",
      },
      {
        title: "Personalization and loyalty",
        description:
          "Recommendation engines and customer data platforms tailor search results, product suggestions, offers and emails to each shopper, using purchase history and browsing behavior with proper consent.",
      },
      {
        title: "Computer-vision checkout and loss prevention",
        description:
          "Cameras at self-checkout detect missed scans and swapped barcodes, smart carts tally baskets as shoppers go, and shelf cameras spot gaps and pricing errors without manual store walks.",
      },
      {
        title: "RFID inventory visibility",
        description:
          "Item-level RFID tags let staff count thousands of items in minutes, locate products for online orders and keep stock records accurate enough to promise availability to customers.",
      },
      {
        title: "Retail media networks",
        description:
          "Retailers sell ad placements on their websites, apps and in-store screens to the brands they stock, targeted with first-party purchase data and measured against actual sales.",
      },
      {
        title: "AI demand forecasting and replenishment",
        description:
          "Machine learning forecasts demand by item, store and day from sales history, promotions, prices, weather and local events, then drives automatic replenishment and markdown decisions.",
      },
    ],
    painPoints: [
      {
        icon: "layers",
        title: "Siloed, legacy systems",
        points: [
          "Web, store and warehouse systems each hold a different version of stock and prices",
          "Overnight batch updates lead to oversold items and cancelled online orders",
          "Ageing point-of-sale estates are costly to change and slow to support new services",
        ],
      },
      {
        icon: "search",
        title: "Inaccurate inventory",
        points: [
          "Stock records drift from reality through theft, damage and receiving errors",
          "Staff cannot find items that the system says are in the store",
          "Phantom stock blocks automatic replenishment and leaves shelves empty",
        ],
      },
      {
        icon: "shield",
        title: "Data privacy and customer trust",
        points: [
          "Personalization depends on consented, well-governed customer data",
          "Cameras and tracking can alarm shoppers if their use is not explained clearly",
          "Payment and loyalty data bring PCI DSS and privacy compliance obligations",
        ],
      },
      {
        icon: "wallet",
        title: "Unproven returns on new technology",
        points: [
          "Showcase pilots often fail to scale beyond a flagship store",
          "Hardware rollouts across hundreds of stores are costly to reverse",
          "Thin retail margins leave little room for projects without a clear payback",
        ],
      },
    ],
    profiles: [
      {
        title: "Fashion and apparel retailers",
        description:
          "Brands with stores and strong online sales whose size-and-color ranges make stock accuracy, RFID and easy returns central to profitability.",
        budget: "$300K–$2M",
        improvement: "20–30% fewer lost sales from out-of-stocks",
      },
      {
        title: "Grocery and convenience chains",
        description:
          "High-volume, low-margin operators focused on fresh food waste, checkout speed, shrink and replenishment across many small-format stores.",
        budget: "$500K–$3M",
        improvement: "15–25% less fresh food waste",
      },
      {
        title: "Digital-native brands opening stores",
        description:
          "Online-first brands moving into physical retail that need stores to share the same stock, customer and order data as their ecommerce stack.",
        budget: "$150K–$750K",
        improvement: "20–30% higher conversion on cross-channel journeys",
      },
      {
        title: "Department stores and big-box retailers",
        description:
          "Large-format retailers with wide ranges that want stores to work as fulfillment hubs and to earn extra income from their traffic through retail media.",
        budget: "$1M–$5M",
        improvement: "25–35% faster online order fulfillment",
      },
      {
        title: "Specialty and electronics retailers",
        description:
          "Retailers selling high-value, considered purchases where endless aisle, expert clienteling and accurate availability drive conversion.",
        budget: "$200K–$1M",
        improvement: "10–20% larger average basket size",
      },
      {
        title: "Consumer brands and wholesalers",
        description:
          "Manufacturers selling through retail partners and their own channels that need shared demand signals, forecasting and collaborative replenishment.",
        budget: "$250K–$1.5M",
        improvement: "20–30% better forecast accuracy",
      },
    ],
    cta: {
      heading: "Turn your stores and channels into one business",
      text: "Tell us where your customer journey breaks today. We’ll map the data, systems and quick wins that get stock, orders and shoppers working together across every channel.",
    },
  },
  {
    slug: "predictive-maintenance",
    title: "Predictive Maintenance",
    summary:
      "How condition monitoring and AI models spot equipment failures early, so maintenance is planned around real asset health rather than the calendar.",
    category: "AI & Analytics",
    readTime: 12,
    image: "predictive-maintenance",
    headline: "Predictive Maintenance: Maximizing Uptime with AI Insights",
    seo: {
      title: "Predictive Maintenance: Maximizing Uptime with AI Insights",
      description:
        "How predictive maintenance uses vibration, thermal and oil analysis, remaining-useful-life models and CMMS integration to cut unplanned downtime.",
    },
    intro: [
      "Most organizations maintain equipment in one of three ways. Reactive maintenance fixes things when they break, which is cheap until a critical asset stops a whole line. Preventive maintenance services equipment on a fixed schedule, which avoids many failures but replaces healthy parts and still misses faults that develop between visits. Predictive maintenance times the work by the measured condition of each asset, so people intervene when the data says it is needed.",
      "It rests on a simple fact: most mechanical failures give warning. As a bearing wears, a coupling loosens or a motor winding degrades, vibration signatures change, temperatures rise, lubricant picks up metal particles and electrical current patterns shift. Condition monitoring captures these signals through vibration sensors, infrared thermography, oil analysis, ultrasound and motor current analysis, either on periodic rounds or with permanently installed wireless sensors. Reliability engineers call the gap between the first detectable sign of a fault and functional failure the P-F interval. The earlier a fault is detected, the more time there is to plan.",
      "Analytics turns those signals into decisions. Rule-based alarms and severity limits such as those in ISO 20816 for machine vibration catch obvious problems. Machine learning models compare each machine with its own history and with similar assets to detect anomalies early, classify the likely fault and estimate remaining useful life (RUL): how long the component can safely keep running. A prediction only matters if it reaches the people doing the work, so mature programs connect it to a computerized maintenance management system (CMMS) or enterprise asset management platform that raises the work order, reserves parts and fits the job into a planned stop.",
      "Predictive maintenance is not for every asset. It pays off where failure is costly, dangerous or disruptive and where degradation can be measured. Cheap, redundant items are often better run to failure. A criticality review decides which is which before any sensor is bought.",
    ],
    market: {
      value: "$100B+ by 2030",
      description:
        "Projected value by 2030 of the wider predictive maintenance ecosystem: condition-monitoring sensors, industrial IoT connectivity, analytics and AI software, asset management platforms and deployment services.",
    },
    reasons: [
      {
        title: "Unplanned downtime is the costliest kind",
        description:
          "An unexpected stop brings lost output, idle crews, rush-ordered parts, overtime and sometimes missed deliveries. Turning failures into planned jobs removes most of that hidden cost.",
      },
      {
        title: "Maintenance budgets go further",
        description:
          "Servicing on condition rather than on the calendar avoids replacing parts that still have useful life and cuts needless inspections, freeing technicians for work that matters.",
      },
      {
        title: "Safer operations",
        description:
          "Many serious incidents begin with equipment failing under load. Detecting overheating, imbalance or leaks early reduces the risk to people, the environment and neighboring equipment.",
      },
      {
        title: "Longer asset life and better capital planning",
        description:
          "Knowing the real condition of each asset lets finance and engineering decide when to repair, refurbish or replace based on evidence rather than age or gut feeling.",
      },
    ],
    applications: [
      {
        title: "Rotating equipment monitoring",
        description:
          "Vibration and temperature sensors on motors, pumps, fans, compressors and gearboxes detect imbalance, misalignment, looseness and bearing wear weeks before failure.",
      },
      {
        title: "Thermal and electrical inspection",
        description:
          "Infrared thermography and motor current analysis find hot connections, overloaded circuits and winding faults in switchgear, transformers and motors without shutting them down.",
      },
      {
        title: "Oil and lubricant analysis",
        description:
          "Regular sampling or inline oil sensors track wear metals, contamination and lubricant breakdown in engines, hydraulics and gearboxes, revealing internal wear that other methods cannot see.",
      },
      {
        title: "Remaining-useful-life forecasting",
        description:
          "Degradation models combine condition data, operating load and failure history to estimate how long a component can safely run, so replacements line up with planned shutdowns.",
      },
      {
        title: "Fleet and mobile assets",
        description:
          "Telematics from trucks, rail vehicles, aircraft engines and mining equipment feed models that schedule servicing around operations and avoid breakdowns far from a workshop.",
      },
      {
        title: "CMMS and spare-parts integration",
        description:
          "Predictions automatically create prioritized work orders in the CMMS or EAM system, check parts availability and feed completed-job findings back to improve future models.",
      },
    ],
    painPoints: [
      {
        icon: "wifi-off",
        title: "Patchy data and connectivity",
        points: [
          "Older machines lack sensors, and their controllers expose little usable data",
          "Remote or harsh sites have limited network coverage for continuous monitoring",
          "Failure histories in the CMMS are incomplete or coded inconsistently",
        ],
      },
      {
        icon: "alert-triangle",
        title: "False alarms and model trust",
        points: [
          "Too many alerts with no fault found quickly erode technicians’ confidence",
          "Few recorded failures make supervised models hard to train for rare faults",
          "Black-box predictions without an explanation rarely get acted on",
        ],
      },
      {
        icon: "wrench",
        title: "Insights that never become work",
        points: [
          "Analytics dashboards sit outside the CMMS and the planning process",
          "Planners lack the time, crews or parts to act on early warnings",
          "No feedback loop records whether a prediction turned out to be right",
        ],
      },
      {
        icon: "users",
        title: "Skills and change management",
        points: [
          "Reliability engineering and data science skills are scarce and rarely in one team",
          "Crews used to fixed schedules may resist condition-based planning",
          "Pilots on a few machines struggle to scale across sites and asset types",
        ],
      },
    ],
    profiles: [
      {
        title: "Process plants and heavy industry",
        description:
          "Chemical, steel, cement, and pulp and paper operators running continuous processes where one failed pump or fan can halt an entire plant.",
        budget: "$300K–$2M",
        improvement: "30–40% less unplanned downtime",
      },
      {
        title: "Discrete manufacturers",
        description:
          "Automotive, electronics and packaging producers running high-speed lines where short stoppages quietly erode OEE and delivery performance.",
        budget: "$200K–$1.2M",
        improvement: "10–20% higher overall equipment effectiveness",
      },
      {
        title: "Energy and utilities",
        description:
          "Operators of power plants, wind farms, substations and water networks managing widely spread, safety-critical assets with lean field teams.",
        budget: "$500K–$3M",
        improvement: "20–30% lower maintenance costs",
      },
      {
        title: "Transport and fleet operators",
        description:
          "Rail, aviation, trucking and marine fleets where a breakdown in service causes delays, penalties and costly recovery far from base.",
        budget: "$250K–$1.5M",
        improvement: "25–35% fewer in-service breakdowns",
      },
      {
        title: "Mining and oil and gas",
        description:
          "Remote operations with expensive mobile and fixed equipment, harsh conditions and long lead times for spare parts.",
        budget: "$500K–$2.5M",
        improvement: "15–25% longer component life",
      },
      {
        title: "Facilities and data centers",
        description:
          "Owners of HVAC, chillers, generators, UPS systems and elevators where failures threaten uptime commitments, comfort or safety.",
        budget: "$100K–$600K",
        improvement: "20–30% fewer emergency call-outs",
      },
    ],
    cta: {
      heading: "Stop finding out about failures when they happen",
      text: "Tell us which assets keep you up at night. We’ll assess their criticality and data readiness and propose a predictive maintenance pilot with clear success measures.",
    },
  },
  {
    slug: "industrial-revolutions",
    title: "Historical Shifts",
    summary:
      "From steam to AI: how four industrial revolutions and the emerging Industry 5.0 changed what people make, how they work and which skills they need.",
    category: "Global Developments",
    readTime: 10,
    image: "industrial-revolutions",
    headline: "Historical Shifts: Tracing Industrial Revolutions and Human Needs",
    seo: {
      title: "Historical Shifts: Tracing Industrial Revolutions and Human Needs",
      description:
        "The industrial revolutions from steam and electricity to computing, Industry 4.0 and human-centric Industry 5.0, and how each reshaped work and skills.",
    },
    intro: [
      "An industrial revolution is more than a new machine. It is a period in which a cluster of technologies changes how goods are made, where people live, what work they do and what they need from employers and governments. Historians still debate the dates and labels, but four broad shifts are widely recognized, and a fifth is being described as it happens.",
      "The first began in Britain around the 1760s. Steam engines, made far more efficient by James Watt’s separate condenser, together with mechanized spinning and weaving and cheaper iron, moved production from homes and workshops into factories. People moved to industrial towns, the clock and the machine set the pace of work, and long hours, child labor and crowded housing prompted the first factory laws. The second, from roughly the 1870s to the First World War, brought electricity, cheap steel, chemicals, the internal combustion engine and the telephone. Moving assembly lines and scientific management made mass production possible, creating demand for large semi-skilled workforces and a new class of engineers, clerks and managers.",
      "The third revolution, from the 1960s onward, added electronics and information technology. Programmable logic controllers automated machines, computers took over calculation and record-keeping, and later the internet connected businesses across the world. Routine manual and clerical jobs declined, demand grew for technicians, programmers and knowledge workers, and global supply chains spread production across continents.",
      "The fourth, often called Industry 4.0 after a German government initiative first presented in 2011, joins the physical and digital worlds. Cyber-physical systems, the industrial internet of things, cloud computing and artificial intelligence let machines sense, communicate and increasingly decide. Industry 5.0, a concept set out by the European Commission in 2021, does not replace it. It adds explicit goals: technology that serves people rather than the reverse, sustainable use of resources, and industry resilient enough to withstand shocks such as the COVID-19 pandemic.",
    ],
    market: {
      value: "Global Impact",
      description:
        "Not a single market figure: each industrial revolution has reshaped output, jobs and living standards worldwide, and today’s digital shift is reaching every sector and region at once.",
    },
    reasons: [
      {
        title: "Adoption is about people and processes",
        description:
          "Electric power took decades to lift factory productivity because plants first had to be redesigned around it. Today’s technologies likewise pay off only when processes, roles and skills change with them.",
      },
      {
        title: "Skills shifts follow a pattern",
        description:
          "Each revolution automated some tasks and created demand for new ones. Tracking which tasks AI and automation now take over helps organizations plan reskilling before gaps open up.",
      },
      {
        title: "Human needs shape lasting change",
        description:
          "Safety laws, shorter working hours, mass education and social protection all followed earlier revolutions. Wellbeing at work, trust in AI and meaningful jobs are the equivalent questions now.",
      },
      {
        title: "Resilience and sustainability are design goals",
        description:
          "Earlier revolutions optimized for output and cost. Industry 5.0 adds resilience and environmental limits, which changes how leaders choose suppliers, technologies and investment priorities.",
      },
    ],
    applications: [
      {
        title: "Collaborative robotics",
        description:
          "Cobots work safely alongside people, taking on heavy, repetitive or precise tasks while operators handle judgement, quality checks and problem-solving: human-centric automation in practice.",
      },
      {
        title: "Connected factories",
        description:
          "Industrial IoT sensors, edge computing and cloud analytics link machines, quality systems and planning, giving managers real-time visibility of output, energy use and bottlenecks.",
      },
      {
        title: "AI-assisted decision-making",
        description:
          "Machine learning supports scheduling, quality inspection, demand planning and maintenance, while people review recommendations and stay accountable for the final decision.",
      },
      {
        title: "Reskilling and augmented work",
        description:
          "Digital work instructions, augmented reality and AI assistants help workers learn new equipment faster, while structured reskilling programs move staff into higher-value roles.",
      },
      {
        title: "Sustainable and circular production",
        description:
          "Energy monitoring, material tracking and digital product passports help manufacturers cut waste, reuse components and report environmental performance with real data.",
      },
      {
        title: "Resilient supply networks",
        description:
          "Visibility tools, scenario planning and diversified sourcing help companies absorb disruptions such as pandemics, conflicts and extreme weather without long shutdowns.",
      },
    ],
    painPoints: [
      {
        icon: "users",
        title: "Widening skills gaps",
        points: [
          "Demand for data, automation and AI skills outpaces what schools and employers supply",
          "Experienced workers retire and take undocumented know-how with them",
          "Training budgets are often the first to be cut when margins tighten",
        ],
      },
      {
        icon: "refresh",
        title: "Legacy systems and processes",
        points: [
          "Plants mix decades-old equipment with new digital systems that do not talk to each other",
          "Processes designed for an earlier era limit what new technology can achieve",
          "Replacing working machinery is hard to justify without clear returns",
        ],
      },
      {
        icon: "scale",
        title: "Workforce anxiety and trust",
        points: [
          "Staff worry that automation will replace rather than support them",
          "Opaque AI decisions undermine trust among workers and managers alike",
          "Poorly handled change leads to resistance and stalled projects",
        ],
      },
      {
        icon: "globe",
        title: "Uneven adoption and disruption",
        points: [
          "Smaller firms and regions risk falling behind larger competitors",
          "Global shocks expose supply chains optimized only for cost",
          "Energy and environmental rules change faster than asset lifecycles",
        ],
      },
    ],
    profiles: [
      {
        title: "Mid-sized manufacturers",
        description:
          "Family-owned or mid-market producers running a mix of old and new equipment that want a practical roadmap from basic connectivity to Industry 4.0.",
        budget: "$150K–$900K",
        improvement: "15–25% higher output per production line",
      },
      {
        title: "Large industrial groups",
        description:
          "Multi-site enterprises standardizing digital platforms across plants while meeting resilience and sustainability targets set by the board.",
        budget: "$1M–$5M",
        improvement: "20–30% faster rollout of proven solutions across sites",
      },
      {
        title: "HR and workforce leaders",
        description:
          "People teams redesigning roles, career paths and training for automation and AI who need evidence on which skills will matter next.",
        budget: "$100K–$500K",
        improvement: "30–40% faster time to competency in new roles",
      },
      {
        title: "Public sector and economic development bodies",
        description:
          "Agencies supporting regional industry through digital adoption programs, skills initiatives and innovation funding.",
        budget: "$250K–$1.5M",
        improvement: "25% more firms completing digital adoption programs",
      },
      {
        title: "Logistics and supply chain operators",
        description:
          "Companies rebuilding their networks for resilience after recent disruptions, balancing cost, speed and risk across suppliers and regions.",
        budget: "$300K–$1.5M",
        improvement: "20–30% faster recovery from supply disruptions",
      },
      {
        title: "Sustainability-focused producers",
        description:
          "Firms facing customer, investor and regulatory pressure to cut emissions and waste while staying competitive on cost.",
        budget: "$200K–$1.2M",
        improvement: "10–20% lower energy use per unit produced",
      },
    ],
    cta: {
      heading: "Plan your organization’s next industrial shift",
      text: "Talk to us about where your operations, people and technology stand today. We’ll help you build a roadmap that adopts Industry 4.0 tools while keeping people at the center.",
    },
  },
  {
    slug: "carbon-credits",
    title: "Carbon Credits",
    summary:
      "How compliance and voluntary carbon markets work, what makes a credit high quality, and how digital MRV and new rules are rebuilding trust in the market.",
    category: "Environmental Sustainability",
    readTime: 8,
    image: "carbon-credits",
    headline: "Carbon Credits: Driving Climate Action Through Market Solutions",
    seo: {
      title: "Carbon Credits: Driving Climate Action Through Market Solutions",
      description:
        "How carbon credits work: compliance markets like the EU ETS vs the voluntary market, additionality, permanence, MRV, registries and Paris Article 6.",
    },
    intro: [
      "A carbon credit is a tradable certificate representing one tonne of carbon dioxide, or the equivalent amount of another greenhouse gas (tCO2e), that has been reduced, avoided or removed from the atmosphere. When a buyer uses a credit to account for its own emissions, the credit is retired on a registry so it cannot be sold again.",
      "Two kinds of market exist. Compliance markets are created by law. Under cap-and-trade schemes such as the EU Emissions Trading System, launched in 2005, governments set a declining cap on emissions from covered sectors and issue allowances up to that cap; companies must surrender one allowance per tonne emitted and can trade any surplus. Some schemes also accept a limited number of offset credits. The voluntary carbon market serves companies and individuals who buy credits by choice, usually to support climate pledges. It is far smaller and relies on independent standards to certify projects.",
      "A credit is only as good as the project behind it. Buyers check for additionality (the reduction would not have happened without credit revenue), permanence (stored carbon will not be released again, for example by a forest fire), leakage (emissions are not simply pushed elsewhere) and conservative baselines. Measurement, reporting and verification (MRV) by accredited third parties underpins all of this. After high-profile criticism of over-credited projects, the Integrity Council for the Voluntary Carbon Market published its Core Carbon Principles in 2023 as a benchmark for quality.",
      "Countries are trading too. Article 6 of the Paris Agreement lets them transfer emission reductions, with corresponding adjustments so the same tonne is not counted twice, and creates a UN-supervised crediting mechanism whose key rules were agreed at COP29 in 2024. Meanwhile, digital MRV using satellites, remote sensing, IoT meters and linked registries is cutting the cost and delay of verification and making claims easier to audit.",
    ],
    market: {
      value: "$1.2T+ compliance market by 2030",
      description:
        "Projected annual traded value by 2030 of compliance carbon markets, led by emissions trading systems such as the EU ETS. The voluntary market is much smaller but growing as quality standards mature.",
    },
    reasons: [
      {
        title: "A price on pollution",
        description:
          "Carbon markets make emitting costly and cutting emissions valuable, steering investment toward cleaner processes without governments having to prescribe each technology.",
      },
      {
        title: "Regulatory exposure is growing",
        description:
          "Emissions trading now covers more sectors and countries, and the EU’s Carbon Border Adjustment Mechanism extends carbon costs to imports of goods such as steel, cement and aluminum.",
      },
      {
        title: "Finance for hard-to-fund projects",
        description:
          "High-quality credits channel money to forest protection, clean cooking, methane capture and carbon removal projects, many in developing countries, that would struggle to attract capital otherwise.",
      },
      {
        title: "Credibility is under scrutiny",
        description:
          "Investors, regulators and consumers are challenging vague offset claims. Companies that buy, account and communicate carefully protect their reputation and avoid accusations of greenwashing.",
      },
    ],
    applications: [
      {
        title: "Compliance allowance management",
        description:
          "Covered emitters forecast emissions, manage allowance holdings and trades, and submit verified emissions reports on time to avoid penalties under schemes such as the EU ETS.",
      },
      {
        title: "Net-zero strategy and offsetting",
        description:
          "Companies cut their own emissions first, then use high-quality credits for residual emissions or for climate contributions beyond their value chain, in line with recognized net-zero guidance.",
      },
      {
        title: "Carbon project development",
        description:
          "Developers design forestry, renewable energy, methane capture, cookstove or engineered removal projects, apply approved methodologies and take them through validation and registration.",
      },
      {
        title: "Digital MRV",
        description:
          "Satellite imagery, lidar, IoT sensors and smart meters collect project data continuously, feeding automated calculations that verifiers can check faster and more cheaply than with site visits alone.",
      },
      {
        title: "Registries and traceability",
        description:
          "Serialized credits are tracked from issuance to retirement on public registries, with buyer, purpose and vintage recorded so that every tonne is claimed only once.",
      },
      {
        title: "Credit procurement and due diligence",
        description:
          "Buyers screen projects for additionality, permanence, leakage risk, co-benefits and independent ratings, building portfolios that balance cost, quality and the climate claim they intend to make.",
      },
    ],
    painPoints: [
      {
        icon: "scale",
        title: "Quality and integrity concerns",
        points: [
          "Some credits have been issued against inflated baselines or for non-additional projects",
          "Permanence risks such as wildfire or policy reversal are hard to price",
          "Ratings and labels differ, leaving buyers unsure which credits to trust",
        ],
      },
      {
        icon: "file-check",
        title: "Costly, slow verification",
        points: [
          "Manual MRV relies on periodic site visits and spreadsheets",
          "Credit issuance can lag project activity by a year or more",
          "Small projects struggle to cover fixed validation and verification costs",
        ],
      },
      {
        icon: "alert-triangle",
        title: "Reputational and claims risk",
        points: [
          "Vague carbon-neutral claims attract regulator scrutiny and legal challenge",
          "Rules on what companies may claim are tightening in several markets",
          "Media investigations can quickly discredit a poorly chosen portfolio",
        ],
      },
      {
        icon: "layers",
        title: "Fragmented markets and rules",
        points: [
          "Compliance schemes, voluntary standards and Article 6 each set different requirements",
          "Prices vary widely by project type, vintage and standard",
          "Double counting can occur when national targets and corporate claims overlap",
        ],
      },
    ],
    profiles: [
      {
        title: "Emitters in compliance schemes",
        description:
          "Power, industrial, aviation and shipping companies covered by emissions trading that need accurate emissions data and disciplined allowance management.",
        budget: "$250K–$1.5M",
        improvement: "20–30% lower compliance cost through better allowance planning",
      },
      {
        title: "Corporates with net-zero commitments",
        description:
          "Companies with public climate targets that need a credible plan combining internal reductions with carefully chosen, high-integrity credits.",
        budget: "$100K–$750K",
        improvement: "30–40% less time spent on carbon reporting",
      },
      {
        title: "Carbon project developers",
        description:
          "Organizations developing nature-based or technology-based projects that need robust methodologies, efficient MRV and faster issuance.",
        budget: "$150K–$1M",
        improvement: "40–60% lower verification cost per credit",
      },
      {
        title: "Exporters facing CBAM",
        description:
          "Producers selling steel, aluminum, cement, fertilizers or hydrogen into the EU that must measure embedded emissions and prepare for carbon costs at the border.",
        budget: "$100K–$600K",
        improvement: "50% less effort preparing embedded emissions reports",
      },
      {
        title: "Financial institutions and traders",
        description:
          "Banks, funds and trading desks building carbon portfolios, financing projects or offering carbon products that need reliable data, due diligence and risk controls.",
        budget: "$300K–$2M",
        improvement: "25–35% faster due diligence on credit portfolios",
      },
      {
        title: "Registries, governments and marketplaces",
        description:
          "Public bodies and platforms running registries, Article 6 programs or exchanges that need secure, interoperable infrastructure and transparent records.",
        budget: "$500K–$3M",
        improvement: "30–50% faster issuance and transfer processing",
      },
    ],
    cta: {
      heading: "Build a carbon strategy that stands up to scrutiny",
      text: "Whether you manage compliance obligations, buy credits or develop projects, we’ll help you put accurate data, digital MRV and clear governance behind every tonne you report.",
    },
  },
];
