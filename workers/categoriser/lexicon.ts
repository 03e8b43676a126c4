import type { CategoryKey } from '@domain/bookkeeping';

/**
 * What a bookkeeper knows before seeing a company's books: trade words and well-known
 * merchants of the US, Spain, Latin America, Brazil and Portugal, by the category their lines
 * usually belong to. Unlike the import's keyword rules (`workers/categorise.ts`), a hit here
 * decides nothing: it is one feature of the model, which weighs each category's hits by how
 * often they were right on the labelled lines, beside the money's direction and the line's
 * other words. Written in normalised form (lower case, no accents, punctuation as spaces).
 */
const lexicon: Record<CategoryKey, string[]> = {
  sales: [
    ...['stripe', 'shopify payout', 'square inc', 'sq dep', 'paypal transfer', 'mercado pago', 'mercadopago', 'pagseguro', 'cielo', 'rede', 'getnet', 'stone'],
    ...['sumup', 'izettle', 'zettle', 'etsy', 'gumroad', 'woocommerce', 'amazon payments', 'amazon seller', 'ebay', 'payout', 'deposito ventas'],
    ...['cobro', 'cobro factura', 'pago factura', 'invoice', 'invoice payment', 'customer', 'cliente', 'venta', 'ventas', 'venda', 'vendas', 'sales'],
    ...['recebimento', 'fatura', 'factura', 'tpv', 'datafono', 'liquidacion tpv', 'antecipacao', 'maquininha', 'remesa', 'honorarios cobrados'],
  ],
  interestIncome: [
    ...['interest', 'interest earned', 'interest paid', 'intereses', 'interes', 'juros', 'rendimento', 'rendimiento', 'rendimientos', 'dividend', 'dividendo'],
    ...['yield', 'high yield', 'money market', 'poupanca', 'cdb', 'cdi', 'tesouro', 'treasury', 'cuenta remunerada', 'remuneracion', 'remuneracao'],
  ],
  otherIncome: [
    ...['refund', 'reembolso', 'estorno', 'devolucion', 'devolucao', 'cashback', 'rebate', 'bonificacion', 'bonificacao', 'bonus', 'indenizacao'],
    ...['indemnizacion', 'subvencion', 'subsidio', 'ayuda', 'grant', 'award', 'premio', 'reintegro', 'chargeback', 'reversal', 'credit adjustment'],
  ],
  advertising: [
    ...['ads', 'advertising', 'adwords', 'google ads', 'facebk', 'facebook', 'meta platforms', 'instagram', 'linkedin ads', 'tiktok', 'twitter', 'x corp'],
    ...['pinterest', 'reddit', 'snapchat', 'bing ads', 'microsoft advertising', 'taboola', 'outbrain', 'criteo', 'publicidad', 'publicidade', 'anuncio'],
    ...[
      'anuncios',
      'propaganda',
      'marketing',
      'agencia',
      'agency',
      'banners',
      'vallas',
      'folletos',
      'flyers',
      'grafica',
      'imprenta',
      'sponsored',
      'patrocinio',
    ],
  ],
  bankFees: [
    ...['fee', 'fees', 'service fee', 'monthly fee', 'wire fee', 'overdraft', 'nsf', 'intl transaction', 'foreign transaction', 'comision', 'comisiones'],
    ...['comissao', 'tarifa', 'tarifas', 'iof', 'cesta', 'pacote servicos', 'mantenimiento', 'manutencao', 'descubierto', 'cargo', 'anuidade', 'cuota tarjeta'],
  ],
  software: [
    ...['software', 'saas', 'subscription', 'suscripcion', 'assinatura', 'license key', 'cloud', 'hosting', 'domain', 'dominio', 'app', 'apps'],
    ...['github', 'gitlab', 'aws', 'amazon web services', 'google cloud', 'gcp', 'gsuite', 'google workspace', 'microsoft', 'msbill', 'msft', 'office 365'],
    ...['slack', 'notion', 'zoom', 'adobe', 'dropbox', 'atlassian', 'jira', 'figma', 'openai', 'chatgpt', 'anthropic', 'vercel', 'netlify', 'digitalocean'],
    ...['heroku', 'canva', 'godaddy', 'namecheap', 'quickbooks', 'intuit', 'xero', 'hubspot', 'mailchimp', 'cloudflare', 'linear', '1password', 'lastpass'],
    ...['salesforce', 'zendesk', 'intercom', 'calendly', 'docusign', 'miro', 'asana', 'trello', 'monday com', 'airtable', 'webflow', 'wix', 'squarespace'],
    ...[
      'sentry',
      'datadog',
      'twilio sendgrid',
      'postmark',
      'jetbrains',
      'apple com bill icloud',
      'google storage',
      'erp',
      'crm',
      'gestion',
      'holded',
      'contaazul',
    ],
  ],
  officeSupplies: [
    ...['office depot', 'officemax', 'staples', 'papeleria', 'papelaria', 'kalunga', 'material de escritorio', 'utiles de oficina', 'office supplies'],
    ...[
      'w b mason',
      'toner',
      'cartuchos',
      'cartuchos tinta',
      'ink',
      'consumibles',
      'suministros',
      'suprimentos',
      'folhas',
      'paper',
      'papel',
      'libreria y papeleria',
    ],
  ],
  equipment: [
    ...['apple store', 'apple com', 'best buy', 'dell', 'lenovo', 'hp store', 'b h photo', 'micro center', 'newegg', 'mediamarkt', 'pccomponentes'],
    ...['fnac', 'fast shop', 'kabum', 'magazine luiza', 'worten', 'computer', 'computadora', 'computador', 'ordenador', 'laptop', 'notebook', 'monitor'],
    ...['impresora', 'printer', 'hardware', 'muebles', 'mobiliario', 'furniture', 'ikea', 'ergonomic', 'ergonomicos', 'camera', 'tablet', 'informatica'],
  ],
  costOfGoods: [
    ...['amazon', 'amzn', 'amzn mktp', 'alibaba', 'aliexpress', '1688', 'mayorista', 'atacado', 'atacadista', 'wholesale', 'inventory', 'inventario'],
    ...['estoque', 'mercaderia', 'mercadoria', 'mercadorias', 'materia prima', 'raw materials', 'proveedor', 'fornecedor', 'supplier', 'distribuidora'],
    ...['embalagens', 'embalajes', 'packaging', 'uline', 'costco', 'makro', 'sams club', 'printful', 'printify', 'fulfillment', 'fabrica', 'manufacturing'],
  ],
  shipping: [
    ...['fedex', 'ups', 'usps', 'dhl', 'correos', 'correios', 'seur', 'mrw', 'nacex', 'gls', 'jadlog', 'loggi', 'total express', 'estafeta'],
    ...['shipbob', 'easypost', 'shippo', 'pirate ship', 'stamps com', 'postage', 'shipping', 'envio', 'envios', 'frete', 'flete', 'mensajeria'],
    ...['paqueteria', 'courier', 'entregas', 'sedex', 'transportadora', 'logistica', 'freight'],
  ],
  travel: [
    ...[
      'uber trip',
      'uber',
      'lyft',
      'cabify',
      '99app',
      '99 corrida',
      'didi',
      'taxi',
      'bolt',
      'airline',
      'airlines',
      'air lines',
      'aerolineas',
      'linhas aereas',
    ],
    ...['delta', 'united', 'american airlines', 'southwest', 'jetblue', 'iberia', 'vueling', 'ryanair', 'latam', 'avianca', 'aeromexico', 'azul', 'gol'],
    ...['tap', 'copa', 'hotel', 'hoteles', 'hoteis', 'hostal', 'pousada', 'posada', 'marriott', 'hilton', 'hyatt', 'nh', 'melia', 'airbnb', 'booking com'],
    ...['expedia', 'renfe', 'amtrak', 'alsa', 'hertz', 'avis', 'enterprise rent', 'localiza', 'car rental', 'alquiler coche', 'pedagio', 'peaje', 'toll'],
    ...['parking aeropuerto', 'vuelo', 'voo', 'passagem', 'flight', 'viaje', 'viagem', 'travel', 'corrida', 'sem parar', 'via verde', 'ez pass'],
  ],
  meals: [
    ...['restaurant', 'restaurante', 'cafe', 'coffee', 'cafeteria', 'starbucks', 'uber eats', 'ubereats', 'doordash', 'grubhub', 'ifood', 'rappi'],
    ...['pedidosya', 'just eat', 'glovo', 'deliveroo', 'mcdonalds', 'burger', 'burger king', 'pizza', 'pizzeria', 'sushi', 'taqueria', 'tacos', 'diner'],
    ...['bar', 'cerveceria', 'tasca', 'bistro', 'grill', 'padaria', 'panaderia', 'bakery', 'lanchonete', 'churrascaria', 'chipotle', 'sweetgreen'],
    ...['subway', 'dunkin', 'blue bottle', 'pret', 'telepizza', 'dominos', 'kfc', 'wendys', 'chick fil a', 'panera', 'shake shack', 'food', 'comida'],
    ...['almoco', 'almuerzo', 'lunch', 'dinner', 'cena', 'jantar', 'catering', 'toast', 'marisqueria', 'sabor', 'cocina', 'cozinha', 'bodegon'],
  ],
  telecom: [
    ...['verizon', 'at t', 'att', 't mobile', 'tmobile', 'sprint', 'comcast', 'xfinity', 'spectrum', 'google fi', 'movistar', 'telefonica', 'vodafone'],
    ...['orange', 'digi', 'claro', 'vivo', 'tim', 'oi', 'nos', 'meo', 'telcel', 'telmex', 'entel', 'twilio', 'internet', 'fibra', 'banda larga'],
    ...['phone', 'telefono', 'telefone', 'celular', 'movil', 'wireless', 'mobility', 'comunicacoes', 'telecom', 'telecomunicaciones', 'ringcentral'],
  ],
  utilities: [
    ...['electric', 'electricity', 'electricidad', 'energia', 'energy', 'luz', 'power', 'gas', 'gas natural', 'water', 'agua', 'sewer', 'saneamento'],
    ...['pg e', 'con edison', 'duke energy', 'national grid', 'iberdrola', 'endesa', 'naturgy', 'repsol luz', 'holaluz', 'canal de isabel', 'enel'],
    ...['sabesp', 'comgas', 'cemig', 'copel', 'light', 'edp', 'cfe', 'suministro', 'utilities', 'utility', 'basura', 'waste', 'trash', 'residuos'],
  ],
  insurance: [
    ...['insurance', 'seguro', 'seguros', 'seguradora', 'aseguradora', 'poliza', 'apolice', 'premium', 'state farm', 'geico', 'progressive', 'allstate'],
    ...['hiscox', 'next insurance', 'hartford', 'travelers', 'mapfre', 'mutua', 'axa', 'allianz', 'zurich', 'generali', 'bolivar', 'porto seguro'],
    ...['sulamerica', 'bradesco seguros', 'saude', 'salud', 'health plan', 'liberty', 'caser', 'sanitas', 'adeslas', 'unimed', 'amil'],
  ],
  professionalFees: [
    ...['cpa', 'accountant', 'accounting', 'bookkeeping', 'contador', 'contadora', 'contabilidad', 'contabilidade', 'contabil', 'asesoria', 'assessoria'],
    ...['gestoria', 'fiscal', 'tax prep', 'attorney', 'lawyer', 'law', 'law firm', 'legal', 'legalzoom', 'llp', 'abogado', 'abogados', 'bufete'],
    ...['advogado', 'advogados', 'advocacia', 'notario', 'notaria', 'cartorio', 'registered agent', 'northwest registered', 'auditoria', 'audit'],
    ...['consultoria', 'consulting', 'consultant', 'honorarios profesionales', 'despachante'],
  ],
  taxesAndLicenses: [
    ...['irs', 'usataxpymt', 'eftps', 'franchise tax', 'tax', 'taxes', 'ftb', 'department of revenue', 'secretary of state', 'annual report', 'license'],
    ...['licencia', 'licenca', 'permit', 'impuesto', 'impuestos', 'imposto', 'impostos', 'tributo', 'tributos', 'aeat', 'agencia tributaria', 'hacienda'],
    ...['sat', 'dian', 'afip', 'sunat', 'ibi', 'iae', 'ayuntamiento', 'darf', 'das', 'simples nacional', 'receita federal', 'iss', 'iptu', 'ipva'],
    ...['icms', 'prefeitura', 'detran', 'tasa', 'taxa', 'municipal'],
  ],
  education: [
    ...['udemy', 'coursera', 'linkedin learning', 'pluralsight', 'masterclass', 'skillshare', 'edx', 'domestika', 'alura', 'hotmart', 'oreilly'],
    ...['course', 'courses', 'curso', 'cursos', 'training', 'formacion', 'capacitacion', 'treinamento', 'academia', 'academy', 'escuela', 'escola'],
    ...['school', 'university', 'universidad', 'universidade', 'books', 'book', 'libro', 'libros', 'livro', 'livros', 'livraria', 'casa del libro'],
    ...['conference', 'congreso', 'congresso', 'seminar', 'seminario', 'workshop', 'taller', 'eventbrite', 'webinar', 'idiomas', 'certification'],
  ],
  otherExpense: [
    ...['ferreteria', 'hardware store', 'home depot', 'lowes', 'leroy merlin', 'telhanorte', 'materiais', 'materiales', 'lavanderia', 'laundry'],
    ...['dry cleaners', 'tintoreria', 'floristeria', 'floricultura', 'florist', 'farmacia', 'pharmacy', 'drogaria', 'cvs', 'walgreens', 'rite aid'],
    ...['limpieza', 'limpeza', 'cleaning', 'janitorial', 'donation', 'donacion', 'doacao', 'charity', 'parking', 'estacionamiento', 'estacionamento'],
    ...['estapar', 'supermercado', 'mercadona', 'carrefour', 'walmart', 'target', 'gasolinera', 'posto', 'shell', 'chevron', 'exxon', 'petrobras'],
  ],
  contractors: [
    ...['upwork', 'fiverr', 'deel', 'toptal', 'remote com', 'payoneer', 'contractor', 'contractors', 'freelancer', 'freelance', 'contratista'],
    ...['prestador', 'prestador de servicos', 'servicos', 'pj', 'desarrollo', 'desenvolvimento', 'programacao', 'programacion', 'diseno', 'design'],
    ...['designer', 'traducciones', 'traducoes', 'translation', 'developer', 'honorarios', 'autonomo', 'recibo autonomo', '1099'],
  ],
  payroll: [
    ...['payroll', 'gusto', 'adp', 'rippling', 'paychex', 'justworks', 'trinet', 'salary', 'salaries', 'wages', 'nomina', 'nominas', 'sueldo', 'sueldos'],
    ...['salario', 'salarios', 'folha', 'folha de pagamento', 'holerite', 'seguridad social', 'tgss', 'fgts', 'inss', 'gps', 'esocial', 'employee'],
    ...['empleados', 'funcionarios', 'decimo terceiro', 'aguinaldo', 'paga extra', 'ferias'],
  ],
  rent: [
    ...['rent', 'renta', 'alquiler', 'arriendo', 'aluguel', 'arrendamiento', 'locacao', 'wework', 'regus', 'coworking', 'office space', 'landlord'],
    ...['property management', 'property mgmt', 'local comercial', 'sala comercial', 'oficina', 'escritorio', 'despacho', 'bodega', 'nave', 'galpao'],
    ...['condominio', 'comunidad de propietarios', 'storage', 'public storage', 'self storage', 'trastero', 'lease'],
  ],
  ownerContribution: [
    ...['capital contribution', 'contribution', 'member contribution', 'owner investment', 'investment deposit', 'aporte', 'aporte de capital', 'aportacion'],
    ...['aporte socio', 'aporte de socio', 'ampliacion de capital', 'integralizacao', 'integralizacao de capital', 'aumento de capital', 'capital social'],
  ],
  ownerDraw: [
    ...['owner draw', 'owners draw', 'draw', 'distribution', 'member distribution', 'owners distribution', 'retiro de socio', 'retiro socio', 'distribucion'],
    ...['dividendos', 'dividends', 'dividend to', 'reparto de beneficios', 'retirada de socio', 'pro labore', 'prolabore', 'distribuicao de lucros', 'lucros'],
  ],
  loan: [
    ...['loan', 'loans', 'sba', 'kabbage', 'ondeck', 'line of credit', 'loc', 'prestamo', 'prestamos', 'credito pyme', 'ico', 'hipoteca', 'amortizacion'],
    ...['cuota prestamo', 'emprestimo', 'emprestimos', 'financiamento', 'financiamiento', 'bndes', 'pronampe', 'capital de giro', 'parcela', 'leasing'],
    ...['disbursement', 'desembolso'],
  ],
  transfer: [
    ...['transfer', 'online transfer', 'internal transfer', 'transfer between accounts', 'transfer to chk', 'transfer to sav', 'transfer from savings'],
    ...['traspaso', 'traspaso entre cuentas', 'entre cuentas', 'cuentas propias', 'cuenta propia', 'transferencia a ahorro', 'entre contas'],
    ...['contas proprias', 'conta propria', 'mesma titularidade', 'resgate', 'aplicacao', 'wise', 'top up', 'recarga', 'own account', 'savings', 'ahorro'],
  ],
};

/** Lexicon entries of one to three words, by their text: the categories they are words of. */
const entries = new Map<string, CategoryKey[]>();
/** Single-word entries of six letters or more, for words glued to others ("PIRATESHIPPOSTAGE"). */
const gluable = new Map<string, CategoryKey[]>();
for (const [category, words] of Object.entries(lexicon) as [CategoryKey, string[]][]) {
  for (const word of words) {
    entries.set(word, [...(entries.get(word) ?? []), category]);
    const glued = word.replace(/ /g, '');
    if (glued.length >= 6) gluable.set(glued, [...(gluable.get(glued) ?? []), category]);
  }
}
/** Words this long are searched for glued entries: most words are shorter, glued names ("ubertrip", "linkedinads") are not. */
const gluedLength = 8;

/**
 * The lexicon's categories a line's words name (`words`: the line's normalised words), once
 * each: phrases of one to three words, and inside a long glued word ("PIRATESHIPPOSTAGE") the
 * lexicon's entries of six letters or more.
 */
export function lexiconCategories(words: readonly string[]): Set<CategoryKey> {
  const found = new Set<CategoryKey>();
  const add = (categories: CategoryKey[] | undefined) => categories?.forEach((category) => found.add(category));
  for (let start = 0; start < words.length; start++) {
    let phrase = '';
    for (let length = 1; length <= 3 && start + length <= words.length; length++) {
      phrase = length === 1 ? words[start]! : `${phrase} ${words[start + length - 1]!}`;
      add(entries.get(phrase));
    }
    const word = words[start]!;
    if (word.length < gluedLength) continue;
    for (let from = 0; from + 6 <= word.length; from++) for (let to = from + 6; to <= word.length; to++) add(gluable.get(word.slice(from, to)));
  }
  return found;
}
