/**
 * Demo blocks that the storefront pages ask for by name. `db:seed --demo` adds the missing ones and
 * never overwrites a block that staff have edited.
 */
export const DEMO_WIDGETS: ReadonlyArray<{ name: string; html: string }> = [
  {
    name: 'home-intro',
    html:
      '<h2>Health and safety training that people remember</h2>' +
      '<p>Training videos on DVD, online courses, posters, PowerPoint packs and ready-made risk assessments ' +
      'for UK workplaces. Everything is written to current HSE guidance and priced for businesses, schools ' +
      'and councils.</p>',
  },
  {
    name: 'home-benefits',
    html:
      '<ul>' +
      '<li><strong>Free previews</strong> of every training video before you buy.</li>' +
      '<li><strong>Pay by card or purchase order</strong>, with a VAT invoice on every order.</li>' +
      '<li><strong>Next-day dispatch</strong> on DVDs and posters ordered before 2pm.</li>' +
      '</ul>',
  },
  {
    name: 'home-accreditation',
    html:
      '<p>Our courses are produced with practising health and safety consultants and many carry RoSPA ' +
      'approval or IOSH recognition.</p>',
  },
  {
    name: 'about-main',
    html:
      '<h2>Who we are</h2>' +
      '<p>HS Training Direct has supplied health and safety training material to UK organisations since 2009. ' +
      'From our office in Leeds we produce and sell training videos on DVD, online training courses, workplace ' +
      'posters, PowerPoint packs and ready-made risk assessments, and we run courses on site and online.</p>' +
      '<h3>Content you can rely on</h3>' +
      '<p>Every title is written with practising health and safety consultants and checked against current ' +
      'HSE guidance, Approved Codes of Practice and the relevant regulations. We review our range whenever the ' +
      'law or guidance changes, so what your staff learn is up to date.</p>' +
      '<ul>' +
      '<li><strong>RoSPA-approved</strong> training videos and courses</li>' +
      '<li><strong>IOSH-recognised</strong> content for managers and supervisors</li>' +
      '<li>Plain English, real workplaces and short, focused modules</li>' +
      '</ul>' +
      '<h3>Who we work with</h3>' +
      '<p>Our customers range from sole traders to large employers: schools and academy trusts, local ' +
      'councils, NHS and care providers, construction firms, manufacturers, warehouses and retailers. Many ' +
      'order from us every year to train new starters and refresh existing staff.</p>' +
      '<p>Questions about a title, a licence or a course? <a href="/contact">Contact our team</a> and we will ' +
      'be glad to help.</p>',
  },
  {
    name: 'training-main',
    html:
      '<h2>Health and safety courses, on site or online</h2>' +
      '<p>Our qualified trainers deliver accredited and practical courses at your premises anywhere in the UK, ' +
      'or live online in a virtual classroom. Courses can be tailored to your sector, your site and your own ' +
      'procedures.</p>' +
      '<h3>Popular courses</h3>' +
      '<ul>' +
      '<li><strong>IOSH Managing Safely</strong> – four days (on site or virtual) for managers and supervisors, ' +
      'with the IOSH assessment and certificate.</li>' +
      '<li><strong>Emergency First Aid at Work</strong> – a one-day course meeting the Health and Safety ' +
      '(First-Aid) Regulations 1981; certificate valid for three years.</li>' +
      '<li><strong>Fire Marshal</strong> – a half-day course on fire prevention, extinguishers and evacuation ' +
      'duties.</li>' +
      '<li><strong>Manual Handling</strong> – a half-day practical course based on the Manual Handling ' +
      'Operations Regulations 1992 and TILE assessments.</li>' +
      '<li><strong>Working at Height</strong> – a half-day course on the Work at Height Regulations 2005, ' +
      'ladders, stepladders and mobile towers.</li>' +
      '</ul>' +
      '<p>Every delegate receives course notes and a certificate of attendance or achievement. Virtual ' +
      'courses need only a computer with a camera and a reliable internet connection.</p>',
  },
  {
    name: 'training-booking',
    html:
      '<h3>How to book</h3>' +
      '<ol>' +
      '<li>Tell us the course, the number of delegates and your preferred dates.</li>' +
      '<li>We confirm a trainer, the venue or virtual link and a written quotation.</li>' +
      '<li>Accept the quotation and we send joining instructions to each delegate.</li>' +
      '</ol>' +
      '<p><strong>Group pricing on request</strong> – on-site courses are priced per day for up to 12 ' +
      'delegates, so training a team together usually costs less per person.</p>' +
      '<p><a href="/contact">Ask for a quotation</a></p>',
  },
  {
    name: 'riskassessments-main',
    html:
      '<h2>Ready-made risk assessments</h2>' +
      '<p>Our risk assessment templates cover common tasks, workplaces and equipment, from office work and ' +
      'display screen equipment to construction activities, cleaning and hazardous substances. Each one is ' +
      'supplied as an editable Word document, so you can adapt it to your own site, people and controls.</p>' +
      '<h3>Suitable and sufficient</h3>' +
      '<p>The Management of Health and Safety at Work Regulations 1999 require employers to make a ' +
      '<em>suitable and sufficient</em> assessment of the risks to employees and others affected by their ' +
      'work. In practice that means the assessment identifies the significant hazards, considers who could be ' +
      'harmed and how, and sets out proportionate controls. If you employ five or more people you must record ' +
      'the significant findings.</p>' +
      '<h3>The five steps</h3>' +
      '<ol>' +
      '<li>Identify the hazards.</li>' +
      '<li>Decide who might be harmed and how.</li>' +
      '<li>Evaluate the risks and decide on precautions.</li>' +
      '<li>Record your significant findings and put them into practice.</li>' +
      '<li>Review your assessment and update it when things change.</li>' +
      '</ol>' +
      '<p>A template is a starting point, not a substitute for looking at your own workplace: always review it ' +
      'with the people who do the work. See the HSE guidance at ' +
      '<a href="https://www.hse.gov.uk/simple-health-safety/risk/">hse.gov.uk</a>.</p>',
  },
  {
    name: 'privacy-policy',
    html:
      '<h2>Who we are</h2>' +
      '<p>HS Training Direct, Unit 4, Riverside Business Park, Leeds LS10 1AB, is the controller of the ' +
      'personal data described in this policy under the UK General Data Protection Regulation (UK GDPR) and ' +
      'the Data Protection Act 2018.</p>' +
      '<h3>What we collect</h3>' +
      '<ul>' +
      '<li>Contact details: name, organisation, e-mail address, telephone number, billing and delivery ' +
      'addresses.</li>' +
      '<li>Order and account details: products bought, course bookings, online training progress and ' +
      'certificates.</li>' +
      '<li>Enquiries and correspondence, and newsletter preferences.</li>' +
      '<li>Technical data needed to run the site securely, such as your IP address and session cookies.</li>' +
      '</ul>' +
      '<p>Card payments are handled by our payment provider; we do not see or store full card numbers.</p>' +
      '<h3>Why we use it (lawful bases)</h3>' +
      '<ul>' +
      '<li><strong>Contract</strong> – to process orders, deliver goods and provide online training.</li>' +
      '<li><strong>Legal obligation</strong> – to keep accounting and tax records.</li>' +
      '<li><strong>Legitimate interests</strong> – to answer enquiries, keep the site secure and improve our ' +
      'service.</li>' +
      '<li><strong>Consent</strong> – to send our newsletter; you can unsubscribe at any time.</li>' +
      '</ul>' +
      '<h3>How long we keep it</h3>' +
      '<p>Invoices and order records are kept for 6 years after the end of the financial year, as HMRC ' +
      'requires. Account data is kept while your account is open; enquiries for up to 2 years.</p>' +
      '<h3>Your rights</h3>' +
      '<p>You may ask for access to, correction or erasure of your data, restrict or object to its use, and ' +
      'ask for a copy in a portable form. Write to our Data Protection Lead at the address above or ' +
      '<a href="/contact">contact us</a>. If you are unhappy with our answer you may complain to the ' +
      'Information Commissioner’s Office (ICO): <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk</a>.</p>',
  },
  {
    name: 'terms-and-conditions',
    html:
      '<h2>About these terms</h2>' +
      '<p>These terms apply to every order placed with HS Training Direct. We sell to business customers ' +
      '(companies, public bodies, schools and charities) acting in the course of their business; consumer ' +
      'protection rules for private buyers do not apply.</p>' +
      '<h3>Prices and payment</h3>' +
      '<ul>' +
      '<li>Prices are shown in pounds sterling and exclude VAT, which is added at the current rate.</li>' +
      '<li>Pay by card when you order, or by purchase order with payment due within 30 days of the invoice ' +
      'date for approved accounts.</li>' +
      '<li>We may suspend access to online training while an invoice is overdue.</li>' +
      '</ul>' +
      '<h3>Licences</h3>' +
      '<p>Online training is licensed per user for the period stated with the product. A licence may not be ' +
      'shared, resold or transferred except by reassigning an unused seat. DVDs, PowerPoint packs and risk ' +
      'assessments may be used for training within your own organisation, not broadcast or resold.</p>' +
      '<h3>Returns</h3>' +
      '<p>Unopened DVDs may be returned within 14 days of delivery for a refund or exchange; please ' +
      '<a href="/contact">contact us</a> first. Opened DVDs, downloads and activated online licences cannot be ' +
      'returned unless faulty. Faulty or damaged goods will be replaced.</p>' +
      '<h3>Liability</h3>' +
      '<p>Our material supports, but does not replace, your own duties as an employer. Our total liability for ' +
      'any order is limited to the price paid for it, and we are not liable for indirect or consequential ' +
      'loss. Nothing in these terms limits liability for death or personal injury caused by negligence, or for ' +
      'fraud.</p>' +
      '<p>These terms are governed by the law of England and Wales.</p>',
  },
  {
    name: 'delivery-information',
    html:
      '<h2>Delivery</h2>' +
      '<p>We deliver to addresses in the United Kingdom only.</p>' +
      '<h3>DVDs, posters and printed items</h3>' +
      '<ul>' +
      '<li><strong>Next-day dispatch</strong> on orders placed before 2pm, Monday to Friday (excluding bank ' +
      'holidays).</li>' +
      '<li>Small orders travel by <strong>Royal Mail</strong> Tracked 48, usually arriving within 2–3 working ' +
      'days of dispatch.</li>' +
      '<li>Larger orders and poster tubes go by tracked <strong>courier</strong> for next-working-day ' +
      'delivery.</li>' +
      '</ul>' +
      '<h3>Digital products</h3>' +
      '<p>Online training, PowerPoint packs and risk assessments are available <strong>instantly</strong> ' +
      'once payment is confirmed: you will find them in your account and receive an e-mail with access ' +
      'details.</p>' +
      '<h3>Problems with a delivery</h3>' +
      '<p>If your order has not arrived within 5 working days, or arrives damaged, please ' +
      '<a href="/contact">contact us</a> and we will trace or replace it.</p>',
  },
  {
    name: 'joinus-recruitment',
    html:
      '<h2>Work with us</h2>' +
      '<p>We are a small, friendly team based in Leeds that writes, films and sells health and safety training ' +
      'for UK workplaces. We are often looking for experienced trainers, presenters and sales staff, and we welcome ' +
      'enquiries from NEBOSH- or IOSH-qualified consultants who would like to write or review courses.</p>' +
      '<p>Tell us about yourself and the kind of work you are looking for, and we will be in touch.</p>',
  },
  {
    name: 'joinus-distribution',
    html:
      '<h2>Become a distributor</h2>' +
      '<p>Do you supply safety equipment, PPE or training to businesses? Add our training DVDs, online courses and ' +
      'posters to your range. Distributors receive trade pricing, marketing material and drop-shipping from our ' +
      'warehouse anywhere in the UK.</p>' +
      '<p>Send us a few details about your business and one of the team will call you back.</p>',
  },
  {
    name: 'joinus-partnership',
    html:
      '<h2>Partner with us</h2>' +
      '<p>We work with training providers, trade associations and consultancies to produce co-branded courses and ' +
      'video content. If you have specialist knowledge in an area such as construction, food hygiene or fire safety, ' +
      'we would like to hear from you.</p>' +
      '<p>Tell us what you have in mind and we will arrange a call.</p>',
  },
  {
    name: 'contact-main',
    html:
      '<h2>Get in touch</h2>' +
      '<p>Questions about a product, an order, licensing for several sites or a purchase order? Our office is open ' +
      'Monday to Friday, 9am to 5pm. Send us a message using the form and we will reply within one working day.</p>',
  },
];
