import type { CategoryKey } from '@domain/bookkeeping';
import { normaliseDescription } from './import-csv/fingerprint';

/**
 * The rule-based transaction categoriser: keywords of a bank line's description or
 * merchant (in Spanish, Portuguese and English) suggest a category and, for well-known
 * merchants, the merchant's name. Suggestions only: the person checking the transaction
 * has the last word. The first matching rule wins, so specific rules come before broad ones.
 */

interface Rule {
  category: CategoryKey;
  /** Whole words or phrases of the normalised text (lower case, no accents, no punctuation). */
  words: string[];
  /** Money in (`in`) or out (`out`) only; both when absent. */
  direction?: 'in' | 'out';
  /** The merchant's name to fill in when the line has none. */
  merchant?: string;
}

const rules: Rule[] = [
  // Money that only moves between the company's own accounts or its owners.
  {
    category: 'transfer',
    words: ['transfer between accounts', 'transferencia entre cuentas', 'transferencia entre contas', 'own account', 'cuenta propia', 'conta propria'],
  },
  {
    category: 'ownerContribution',
    words: ['capital contribution', 'aporte de capital', 'aporte capital', 'aporte de socio', 'aporte socio', 'integralizacao de capital'],
    direction: 'in',
  },
  {
    category: 'ownerDraw',
    words: ['owner draw', 'owners draw', 'retiro de socio', 'distribucion', 'distribution', 'retirada de socio', 'pro labore'],
    direction: 'out',
  },
  { category: 'loan', words: ['loan', 'prestamo', 'emprestimo', 'credito pyme'] },
  // Payment processors paying out sales.
  { category: 'sales', words: ['stripe'], direction: 'in', merchant: 'Stripe' },
  { category: 'sales', words: ['shopify'], direction: 'in', merchant: 'Shopify' },
  { category: 'sales', words: ['paypal'], direction: 'in', merchant: 'PayPal' },
  { category: 'sales', words: ['amazon payments', 'amzn mktp payout', 'amazon seller'], direction: 'in', merchant: 'Amazon' },
  { category: 'sales', words: ['mercado pago', 'mercadopago'], direction: 'in', merchant: 'Mercado Pago' },
  {
    category: 'sales',
    words: [
      'invoice payment',
      'pago factura',
      'pagamento fatura',
      'payment from',
      'pago de cliente',
      'cobro',
      'recebimento',
      'sales',
      'venta',
      'ventas',
      'venda',
      'vendas',
    ],
    direction: 'in',
  },
  { category: 'interestIncome', words: ['interest', 'intereses', 'interes', 'juros', 'rendimento', 'rendimiento'], direction: 'in' },
  { category: 'bankFees', words: ['interest charge', 'intereses cobrados', 'juros cobrados'], direction: 'out' },
  // Software and cloud.
  { category: 'software', words: ['amazon web services', 'aws'], merchant: 'AWS' },
  { category: 'software', words: ['google cloud', 'gcp'], merchant: 'Google Cloud' },
  { category: 'software', words: ['google workspace', 'gsuite', 'google gsuite'], merchant: 'Google Workspace' },
  { category: 'software', words: ['github'], merchant: 'GitHub' },
  { category: 'software', words: ['microsoft', 'msft', 'office 365'], merchant: 'Microsoft' },
  { category: 'software', words: ['slack'], merchant: 'Slack' },
  { category: 'software', words: ['notion'], merchant: 'Notion' },
  { category: 'software', words: ['zoom'], merchant: 'Zoom' },
  { category: 'software', words: ['adobe'], merchant: 'Adobe' },
  { category: 'software', words: ['dropbox'], merchant: 'Dropbox' },
  { category: 'software', words: ['atlassian', 'jira'], merchant: 'Atlassian' },
  { category: 'software', words: ['figma'], merchant: 'Figma' },
  { category: 'software', words: ['openai', 'chatgpt'], merchant: 'OpenAI' },
  { category: 'software', words: ['vercel'], merchant: 'Vercel' },
  { category: 'software', words: ['digitalocean'], merchant: 'DigitalOcean' },
  { category: 'software', words: ['heroku'], merchant: 'Heroku' },
  { category: 'software', words: ['canva'], merchant: 'Canva' },
  { category: 'software', words: ['shopify'], direction: 'out', merchant: 'Shopify' },
  { category: 'software', words: ['software', 'subscription', 'suscripcion', 'assinatura', 'saas', 'hosting', 'domain', 'dominio', 'godaddy', 'namecheap'] },
  // Advertising.
  { category: 'advertising', words: ['facebook ads', 'facebk', 'fb ads', 'meta ads', 'meta platforms'], merchant: 'Meta' },
  { category: 'advertising', words: ['google ads', 'adwords'], merchant: 'Google Ads' },
  { category: 'advertising', words: ['linkedin ads', 'linkedin'], merchant: 'LinkedIn' },
  { category: 'advertising', words: ['tiktok ads', 'tiktok'], merchant: 'TikTok' },
  { category: 'advertising', words: ['advertising', 'publicidad', 'publicidade', 'marketing'] },
  // Payroll and contractors.
  { category: 'payroll', words: ['gusto', 'adp', 'payroll', 'nomina', 'folha de pagamento', 'salario', 'salary', 'sueldo'], direction: 'out' },
  { category: 'contractors', words: ['upwork'], direction: 'out', merchant: 'Upwork' },
  { category: 'contractors', words: ['fiverr'], direction: 'out', merchant: 'Fiverr' },
  { category: 'contractors', words: ['deel'], direction: 'out', merchant: 'Deel' },
  { category: 'contractors', words: ['contractor', 'freelancer', 'freelance', 'honorarios', 'contratista', 'prestador de servicos'], direction: 'out' },
  // Professional fees, taxes, insurance.
  {
    category: 'professionalFees',
    words: [
      'attorney',
      'lawyer',
      'legal services',
      'abogado',
      'advogado',
      'cpa',
      'accountant',
      'accounting',
      'contador',
      'contabilidad',
      'contabilidade',
      'registered agent',
      'agente registrado',
    ],
    direction: 'out',
  },
  {
    category: 'taxesAndLicenses',
    words: [
      'irs',
      'franchise tax',
      'delaware',
      'secretary of state',
      'state of',
      'annual report',
      'impuesto',
      'imposto',
      'tax payment',
      'license',
      'licencia',
      'licenca',
    ],
    direction: 'out',
  },
  { category: 'insurance', words: ['insurance', 'seguro', 'seguros'], direction: 'out' },
  // Fees.
  {
    category: 'bankFees',
    words: [
      'wire fee',
      'service fee',
      'monthly fee',
      'maintenance fee',
      'bank fee',
      'fee',
      'fees',
      'comision',
      'comisiones',
      'comissao',
      'tarifa',
      'tarifas',
      'cargo por servicio',
      'iof',
    ],
    direction: 'out',
  },
  // Travel and meals.
  { category: 'travel', words: ['uber trip', 'lyft', 'cabify', '99app', 'didi'], direction: 'out' },
  {
    category: 'meals',
    words: [
      'uber eats',
      'ubereats',
      'doordash',
      'grubhub',
      'ifood',
      'rappi',
      'pedidosya',
      'starbucks',
      'restaurant',
      'restaurante',
      'cafe',
      'coffee',
      'mcdonalds',
    ],
    direction: 'out',
  },
  { category: 'travel', words: ['uber'], direction: 'out', merchant: 'Uber' },
  { category: 'travel', words: ['airbnb'], direction: 'out', merchant: 'Airbnb' },
  {
    category: 'travel',
    words: [
      'booking com',
      'expedia',
      'hotel',
      'hoteles',
      'marriott',
      'hilton',
      'airline',
      'airlines',
      'aerolineas',
      'latam',
      'avianca',
      'aeromexico',
      'gol linhas',
      'azul linhas',
      'copa airlines',
      'delta',
      'united airlines',
      'american airlines',
      'jetblue',
      'iberia',
      'flight',
      'vuelo',
      'voo',
      'passagem',
    ],
    direction: 'out',
  },
  // Shipping and goods.
  {
    category: 'shipping',
    words: ['fedex', 'ups', 'usps', 'dhl', 'correos', 'correios', 'shipping', 'envio', 'frete', 'flete', 'shipbob', 'easypost'],
    direction: 'out',
  },
  {
    category: 'costOfGoods',
    words: [
      'alibaba',
      'aliexpress',
      'inventory',
      'inventario',
      'estoque',
      'mercaderia',
      'mercadoria',
      'wholesale',
      'mayorista',
      'supplier',
      'proveedor',
      'fornecedor',
    ],
    direction: 'out',
  },
  {
    category: 'officeSupplies',
    words: ['office depot', 'staples', 'papeleria', 'papelaria', 'office supplies', 'utiles de oficina', 'material de escritorio'],
    direction: 'out',
  },
  {
    category: 'equipment',
    words: ['apple store', 'apple com bill', 'best buy', 'dell', 'lenovo', 'computer', 'computadora', 'computador', 'laptop', 'notebook'],
    direction: 'out',
  },
  { category: 'costOfGoods', words: ['amazon', 'amzn'], direction: 'out', merchant: 'Amazon' },
  // Premises and utilities.
  { category: 'rent', words: ['rent', 'alquiler', 'aluguel', 'arriendo', 'renta', 'wework', 'regus', 'coworking', 'office space'], direction: 'out' },
  {
    category: 'telecom',
    words: [
      'verizon',
      'at t',
      'att',
      't mobile',
      'comcast',
      'vodafone',
      'claro',
      'movistar',
      'vivo',
      'tim',
      'telcel',
      'internet',
      'phone bill',
      'telefono',
      'telefone',
      'celular',
      'twilio',
    ],
    direction: 'out',
  },
  {
    category: 'utilities',
    words: ['electricity', 'electric', 'electricidad', 'energia', 'luz', 'water bill', 'agua', 'gas natural', 'utilities', 'servicios publicos'],
    direction: 'out',
  },
  {
    category: 'education',
    words: ['udemy', 'coursera', 'course', 'curso', 'training', 'capacitacion', 'treinamento', 'books', 'libros', 'livros'],
    direction: 'out',
  },
  // Broad last resorts.
  { category: 'transfer', words: ['transfer to savings', 'transferencia a ahorro', 'internal transfer'] },
];

/** Any of `words` as whole words of a normalised text. */
const wordsPattern = (words: string[]) => new RegExp(`(?:^| )(?:${words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?= |$)`);

// Each rule's words as one regular expression, built once.
const compiled = rules.map((rule) => ({ rule, pattern: wordsPattern(rule.words) }));

/** Any rule's words: a line none of them is in gets no suggestion from the rules. */
const anyRule = wordsPattern(rules.flatMap((rule) => rule.words));

export interface Categorisation {
  category: CategoryKey | null;
  merchant: string | null;
}

/**
 * Suggests a category (null when no rule fits) and a merchant for a bank line. An
 * explicit merchant of the file is kept; otherwise the matching rule may name one.
 */
export function categorise(line: { description: string; merchant: string | null; amountCents: number }): Categorisation {
  const text = normaliseDescription(line.merchant ? `${line.merchant} ${line.description}` : line.description);
  const direction = line.amountCents < 0 ? 'out' : 'in';
  // Most lines that no rule fits are told apart with one test instead of one per rule.
  if (!anyRule.test(text)) return { category: null, merchant: line.merchant };
  for (const { rule, pattern } of compiled) {
    if (rule.direction && rule.direction !== direction) continue;
    if (pattern.test(text)) return { category: rule.category, merchant: line.merchant ?? rule.merchant ?? null };
  }
  return { category: null, merchant: line.merchant };
}
