// Writes the categoriser's labelled es/en/pt bank lines (decision 066) from the templates below:
// `npx tsx scripts/generate-categoriser-lines.ts`. Deterministic (seeded), so the committed files
// are what this script prints. Every merchant or narrative is a group, and whole groups go to
// one split: `workers/categoriser/base-lines.json` (the base set, shipped in the categoriser's
// worker) and `tests/fixtures/categoriser/held-out-lines.json` (test, never shipped
// nor trained or tuned on), so no test line is a near-duplicate of a line the model learnt.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CategoryKey } from '@domain/bookkeeping';
import { categoryKeys } from '@domain/bookkeeping';
import type { LabelledRow } from '../workers/categoriser/dataset';

type Language = 'es' | 'en' | 'pt';
/** How the money moves: a card purchase, a direct debit (ACH, SEPA, boleto), a transfer to a payee (wire, Pix, SEPA), money coming in. */
type Kind = 'card' | 'debit' | 'payee' | 'in' | 'bank';

interface Template {
  kind: Kind;
  /** Dollars, low and high. */
  amount: [number, number];
  /** Money in (positive) or out; `both` for transfers and loans. */
  sign: 1 | -1 | 'both';
  /** Each entry is one group: `NAME` or `NAME|langs` (e, s, p), `NAME|langs|kind` to override the kind. */
  groups: string[];
}

const templates: Record<CategoryKey, Template> = {
  sales: {
    kind: 'in',
    amount: [40, 9000],
    sign: 1,
    groups: [
      'STRIPE TRANSFER',
      'SHOPIFY PAYOUT',
      'PAYPAL TRANSFER FROM SALES',
      'AMAZON PAYMENTS SELLER DISB',
      'MERCADO PAGO LIBERACION DE DINERO|sp',
      'SQUARE INC DEPOSIT|e',
      'COBRO FACTURA CLIENTE|s',
      'RECEBIMENTO FATURA CLIENTE|p',
      'PIX RECEBIDO VENDA|p',
      'INVOICE PAYMENT FROM CUSTOMER|e',
      'ABONO VENTA TPV|s',
      'LIQUIDACION TPV COMERCIO|s',
      'CIELO ANTECIPACAO VENDAS|p',
      'PAGSEGURO VENDAS|p',
      'ETSY DEPOSIT|e',
      'GUMROAD PAYOUT|e',
      'WOOCOMMERCE PEDIDO|sp',
    ],
  },
  interestIncome: {
    kind: 'bank',
    amount: [0.05, 90],
    sign: 1,
    groups: [
      'INTEREST PAYMENT',
      'INTEREST EARNED SAVINGS|e',
      'ABONO DE INTERESES|s',
      'INTERESES CUENTA REMUNERADA|s',
      'LIQUIDACION INTERESES A FAVOR|s',
      'RENDIMENTO POUPANCA|p',
      'RENDIMENTO CDB APLICACAO|p',
      'JUROS CREDITADOS CONTA|p',
      'TREASURY MONEY MARKET DIVIDEND|e',
      'YIELD CREDIT HIGH YIELD|e',
    ],
  },
  otherIncome: {
    kind: 'in',
    amount: [10, 3000],
    sign: 1,
    groups: [
      'REFUND FROM VENDOR|e',
      'REEMBOLSO PROVEEDOR|s',
      'ESTORNO COMPRA|p',
      'CASHBACK REWARD|e',
      'DEVOLUCION COMPRA|s',
      'GRANT AWARD STATE PROGRAM|e',
      'SUBVENCION AYUDA|s',
      'INDENIZACAO SEGURO RECEBIDA|p',
      'BONIFICACION CAMPANA|s',
      'REBATE CREDIT|e',
      'DEVOLUCAO VALOR|p',
    ],
  },
  advertising: {
    kind: 'card',
    amount: [20, 4000],
    sign: -1,
    groups: [
      'FACEBK ADS',
      'GOOGLE ADS',
      'LINKEDIN ADS',
      'TIKTOK ADS',
      'META PLATFORMS ADS',
      'MICROSOFT ADVERTISING BING',
      'TWITTER ADS X CORP',
      'PINTEREST ADS',
      'REDDIT ADS',
      'PUBLICIDAD EXTERIOR VALLAS|s|payee',
      'AGENCIA DE MARKETING DIGITAL|sp|payee',
      'IMPRENTA FOLLETOS PUBLICIDAD|s',
      'GRAFICA BANNERS PUBLICIDADE|p',
      'RADIO SPOT ADVERTISING|e|payee',
    ],
  },
  bankFees: {
    kind: 'bank',
    amount: [1, 60],
    sign: -1,
    groups: [
      'MONTHLY SERVICE FEE|e',
      'WIRE TRANSFER FEE|e',
      'OVERDRAFT FEE|e',
      'INTL TRANSACTION FEE|e',
      'COMISION MANTENIMIENTO CUENTA|s',
      'COMISION TRANSFERENCIA|s',
      'COMISION EMISION TARJETA|s',
      'TARIFA PACOTE SERVICOS|p',
      'TARIFA TED|p',
      'IOF COMPRA INTERNACIONAL|p',
      'CESTA DE SERVICOS|p',
      'STRIPE FEE|e',
      'CARGO POR DESCUBIERTO|s',
    ],
  },
  software: {
    kind: 'card',
    amount: [5, 600],
    sign: -1,
    groups: [
      'GITHUB INC',
      'AMAZON WEB SERVICES AWS',
      'GOOGLE GSUITE',
      'MICROSOFT 365 MSBILL',
      'SLACK TECHNOLOGIES',
      'NOTION LABS',
      'ZOOM.US',
      'ADOBE CREATIVE CLOUD',
      'DROPBOX',
      'ATLASSIAN JIRA',
      'FIGMA',
      'OPENAI CHATGPT SUBSCR',
      'VERCEL INC',
      'DIGITALOCEAN',
      'HEROKU',
      'CANVA',
      'GODADDY DOMAIN',
      'NAMECHEAP',
      'INTUIT QUICKBOOKS',
      'HUBSPOT',
      'MAILCHIMP',
      'CLOUDFLARE',
      'LINEAR APP',
      '1PASSWORD',
      'SUSCRIPCION SOFTWARE GESTION|s',
      'ASSINATURA SOFTWARE ERP|p',
    ],
  },
  officeSupplies: {
    kind: 'card',
    amount: [4, 300],
    sign: -1,
    groups: [
      'OFFICE DEPOT',
      'STAPLES',
      'PAPELERIA CENTRAL|s',
      'PAPELERIA LA ESCUELA|s',
      'PAPELARIA KALUNGA|p',
      'PAPELARIA DO CENTRO|p',
      'OFFICEMAX|e',
      'LIBRERIA Y PAPELERIA GOYA|s',
      'MATERIAL DE ESCRITORIO LTDA|p',
      'UTILES DE OFICINA SA|s',
      'W B MASON OFFICE SUPPLIES|e',
      'TONER E CARTUCHOS|p',
      'CONSUMIBLES INFORMATICOS|s',
    ],
  },
  equipment: {
    kind: 'card',
    amount: [90, 4000],
    sign: -1,
    groups: [
      'APPLE STORE',
      'APPLE.COM BILL',
      'BEST BUY',
      'DELL TECHNOLOGIES',
      'LENOVO',
      'B&H PHOTO VIDEO|e',
      'MEDIAMARKT|s',
      'PCCOMPONENTES|s',
      'FAST SHOP|p',
      'KABUM COMPUTADORES|p',
      'MICRO CENTER COMPUTER|e',
      'FNAC INFORMATICA|sp',
      'MUEBLES DE OFICINA ERGONOMICOS|s',
      'IKEA MOBILIARIO|sp',
    ],
  },
  costOfGoods: {
    kind: 'card',
    amount: [30, 9000],
    sign: -1,
    groups: [
      'AMZN Mktp US',
      'AMAZON.COM',
      'ALIBABA.COM',
      'ALIEXPRESS',
      'MAYORISTA TEXTIL|s|payee',
      'PROVEEDOR MATERIA PRIMA|s|payee',
      'FORNECEDOR MERCADORIAS|p|payee',
      'DISTRIBUIDORA ATACADO|p|payee',
      'WHOLESALE SUPPLY CO|e|payee',
      'INVENTORY PURCHASE ULINE|e',
      'COSTCO WHOLESALE|e',
      'MAKRO ATACADISTA|sp',
      'FABRICA DE EMBALAGENS|p|payee',
      'PRINTFUL FULFILLMENT|e',
    ],
  },
  shipping: {
    kind: 'card',
    amount: [6, 800],
    sign: -1,
    groups: [
      'FEDEX',
      'UPS',
      'USPS PO',
      'DHL EXPRESS',
      'CORREOS|s',
      'CORREIOS|p',
      'SEUR ENVIOS|s',
      'MRW MENSAJERIA|s',
      'JADLOG FRETE|p',
      'LOGGI ENTREGAS|p',
      'SHIPBOB',
      'EASYPOST',
      'PIRATE SHIP POSTAGE|e',
      'ESTAFETA ENVIO|s',
    ],
  },
  travel: {
    kind: 'card',
    amount: [8, 1800],
    sign: -1,
    groups: [
      'UBER TRIP',
      'LYFT RIDE',
      'CABIFY|sp',
      '99APP CORRIDA|p',
      'DELTA AIR LINES|e',
      'UNITED AIRLINES|e',
      'IBERIA|s',
      'LATAM AIRLINES',
      'AZUL LINHAS AEREAS|p',
      'AVIANCA',
      'MARRIOTT HOTEL',
      'HILTON HOTELS',
      'HOTEL NH COLLECTION|s',
      'AIRBNB',
      'BOOKING.COM',
      'EXPEDIA',
      'RENFE VIAJEROS|s',
      'AMTRAK|e',
      'HERTZ CAR RENTAL',
      'POSADA DO SOL HOTEL|p',
      'TAXI METROPOLITANO|s',
      'PEDAGIO SEM PARAR|p',
    ],
  },
  meals: {
    kind: 'card',
    amount: [4, 220],
    sign: -1,
    groups: [
      'STARBUCKS',
      'UBER EATS',
      'DOORDASH',
      'GRUBHUB|e',
      'IFOOD|p',
      'RAPPI|sp',
      'PEDIDOSYA|s',
      'MCDONALDS',
      'BLUE BOTTLE COFFEE|e',
      'JOES DINER|e',
      'SWEETGREEN|e',
      'CHIPOTLE|e',
      'RESTAURANTE CASA PEPE|s',
      'RESTAURANTE LA TASCA|s',
      'CAFETERIA EL RINCON|s',
      'BAR CERVECERIA SOL|s',
      'TAQUERIA EL GUERO|s',
      'PADARIA REAL|p',
      'LANCHONETE DA ESQUINA|p',
      'RESTAURANTE SABOR MINEIRO|p',
      'CHURRASCARIA GAUCHA|p',
      'CAFE DO PONTO|p',
      'PIZZERIA NAPOLI',
      'SUSHI ZEN',
      'BURGER KING',
    ],
  },
  telecom: {
    kind: 'debit',
    amount: [15, 300],
    sign: -1,
    groups: [
      'VERIZON WIRELESS|e',
      'AT&T MOBILITY|e',
      'T-MOBILE|e',
      'COMCAST XFINITY INTERNET|e',
      'MOVISTAR TELEFONICA|s',
      'VODAFONE|sp',
      'ORANGE ESPAGNE|s',
      'CLARO|sp',
      'VIVO TELEFONICA|p',
      'TIM CELULAR|p',
      'TELCEL|s',
      'TWILIO',
      'GOOGLE FI|e',
      'DIGI MOBIL|s',
      'NOS COMUNICACOES|p',
    ],
  },
  utilities: {
    kind: 'debit',
    amount: [20, 700],
    sign: -1,
    groups: [
      'PG&E ELECTRIC|e',
      'CON EDISON|e',
      'CITY WATER DEPT|e',
      'NATIONAL GRID GAS|e',
      'IBERDROLA ELECTRICIDAD|s',
      'ENDESA ENERGIA|s',
      'NATURGY GAS|s',
      'CANAL DE ISABEL II AGUA|s',
      'ENEL DISTRIBUICAO|p',
      'SABESP AGUA|p',
      'COMGAS|p',
      'CEMIG ENERGIA|p',
      'EDP COMERCIAL|p',
      'CFE SUMINISTRO LUZ|s',
    ],
  },
  insurance: {
    kind: 'debit',
    amount: [25, 2500],
    sign: -1,
    groups: [
      'STATE FARM INSURANCE|e',
      'GEICO|e',
      'HISCOX INSURANCE|e',
      'NEXT INSURANCE|e',
      'THE HARTFORD|e',
      'MAPFRE SEGUROS|sp',
      'MUTUA MADRILENA|s',
      'AXA SEGUROS|sp',
      'SEGUROS BOLIVAR|s',
      'PORTO SEGURO|p',
      'BRADESCO SEGUROS|p',
      'SULAMERICA SAUDE|p',
      'ALLIANZ SEGUROS|s',
      'CAIXA SEGURADORA|p',
    ],
  },
  professionalFees: {
    kind: 'payee',
    amount: [150, 6000],
    sign: -1,
    groups: [
      'SMITH & LEE CPA|e',
      'JOHNSON LAW FIRM LLP|e',
      'LEGALZOOM|e',
      'NORTHWEST REGISTERED AGENT|e',
      'HARBOR ACCOUNTING SERVICES|e',
      'BUFETE GARCIA ABOGADOS|s',
      'ASESORIA FISCAL MARTINEZ|s',
      'GESTORIA LOPEZ CONTABILIDAD|s',
      'NOTARIA 12 HONORARIOS NOTARIO|s',
      'ESCRITORIO CONTABIL SILVA|p',
      'ADVOCACIA OLIVEIRA|p',
      'CONTABILIDADE PEREIRA|p',
      'CARTORIO DE NOTAS|p',
      'AUDITORIA Y CONSULTORIA|s',
    ],
  },
  taxesAndLicenses: {
    kind: 'payee',
    amount: [50, 12000],
    sign: -1,
    groups: [
      'IRS USATAXPYMT|e',
      'DELAWARE FRANCHISE TAX|e',
      'SECRETARY OF STATE ANNUAL REPORT|e',
      'CA FTB TAX PAYMENT|e',
      'CITY BUSINESS LICENSE|e',
      'AEAT AGENCIA TRIBUTARIA IMPUESTOS|s',
      'AYUNTAMIENTO IBI IMPUESTO|s',
      'SAT PAGO DE IMPUESTOS|s',
      'DIAN IMPUESTO RENTA|s',
      'DARF RECEITA FEDERAL|p',
      'DAS SIMPLES NACIONAL|p',
      'GUIA ISS PREFEITURA|p',
      'IPVA DETRAN|p',
      'LICENCIA DE ACTIVIDAD|s',
    ],
  },
  education: {
    kind: 'card',
    amount: [10, 1500],
    sign: -1,
    groups: [
      'UDEMY',
      'COURSERA',
      'LINKEDIN LEARNING',
      'PLURALSIGHT',
      'MASTERCLASS|e',
      'OREILLY MEDIA BOOKS|e',
      'CURSO DE FORMACION EMPRESA|s',
      'ACADEMIA DE IDIOMAS|s',
      'LIBRERIA CASA DEL LIBRO|s',
      'ALURA CURSOS|p',
      'TREINAMENTO CORPORATIVO|p',
      'LIVRARIA CULTURA|p',
      'CONFERENCE TICKET EVENTBRITE|e',
      'SEMINARIO CAPACITACION|s',
    ],
  },
  otherExpense: {
    kind: 'card',
    amount: [3, 900],
    sign: -1,
    groups: [
      'FERRETERIA EL SOL|s',
      'FERRETERIA LA ESQUINA|s',
      'HOME DEPOT|e',
      'LOWES HOME CENTER|e',
      'LEROY MERLIN|sp',
      'TELHANORTE MATERIAIS|p',
      'LAVANDERIA EXPRESS|sp',
      'DRY CLEANERS|e',
      'FLORISTERIA ROSAS|s',
      'FARMACIA SAO JOAO|p',
      'CVS PHARMACY|e',
      'WALGREENS|e',
      'LIMPIEZA OFICINAS SL|s|payee',
      'DONATION RED CROSS|e',
      'ESTACIONAMIENTO PARKING|s',
      'ESTACIONAMENTO ESTAPAR|p',
    ],
  },
  contractors: {
    kind: 'payee',
    amount: [100, 7000],
    sign: -1,
    groups: [
      'UPWORK',
      'FIVERR',
      'DEEL INC',
      'TOPTAL',
      'PAYONEER CONTRACTOR|e',
      'FREELANCER DISENO WEB CARLOS LOPEZ|s',
      'HONORARIOS DESARROLLO JUAN PEREZ|s',
      'PRESTADOR DE SERVICOS ANA SOUZA|p',
      'PIX FREELANCER DESIGNER MARCOS|p',
      'CONTRACTOR PAYMENT J DOE DESIGN|e',
      'REMOTE TECHNOLOGY CONTRACTOR|e',
      'TRADUCCIONES FREELANCE|s',
      'SERVICOS DE PROGRAMACAO PJ|p',
    ],
  },
  payroll: {
    kind: 'bank',
    amount: [800, 30000],
    sign: -1,
    groups: [
      'GUSTO PAYROLL|e',
      'ADP PAYROLL FEES|e',
      'RIPPLING PAYROLL|e',
      'PAYCHEX|e',
      'NOMINA EMPLEADOS|s',
      'PAGO NOMINAS|s',
      'SEGURIDAD SOCIAL TGSS CUOTAS|s',
      'TRANSFERENCIA SUELDO|s',
      'FOLHA DE PAGAMENTO|p',
      'PAGAMENTO SALARIOS|p',
      'FGTS GRRF|p',
      'INSS GPS RECOLHIMENTO|p',
      'SALARY PAYMENT EMPLOYEE|e',
    ],
  },
  rent: {
    kind: 'payee',
    amount: [400, 9000],
    sign: -1,
    groups: [
      'WEWORK',
      'REGUS',
      'OFFICE RENT PROPERTY MGMT|e',
      'LANDLORD RENT PAYMENT|e',
      'ALQUILER OFICINA|s',
      'ALQUILER LOCAL COMERCIAL|s',
      'ARRIENDO BODEGA|s',
      'RENTA DESPACHO|s',
      'ALUGUEL ESCRITORIO|p',
      'ALUGUEL SALA COMERCIAL|p',
      'CONDOMINIO EDIFICIO|p',
      'COWORKING SPACE MEMBERSHIP',
      'STORAGE UNIT PUBLIC STORAGE|e',
    ],
  },
  ownerContribution: {
    kind: 'bank',
    amount: [500, 50000],
    sign: 1,
    groups: [
      'CAPITAL CONTRIBUTION|e',
      'OWNER INVESTMENT DEPOSIT|e',
      'MEMBER CONTRIBUTION LLC|e',
      'APORTE DE CAPITAL SOCIO|s',
      'APORTACION SOCIO|s',
      'AMPLIACION DE CAPITAL|s',
      'APORTE DE SOCIO|s',
      'INTEGRALIZACAO DE CAPITAL|p',
      'APORTE SOCIO CAPITAL SOCIAL|p',
      'AUMENTO DE CAPITAL|p',
    ],
  },
  ownerDraw: {
    kind: 'bank',
    amount: [200, 20000],
    sign: -1,
    groups: [
      'OWNER DRAW|e',
      'OWNERS DISTRIBUTION|e',
      'MEMBER DISTRIBUTION|e',
      'RETIRO DE SOCIO|s',
      'DISTRIBUCION DE DIVIDENDOS|s',
      'RETIRADA DE SOCIO|p',
      'PRO LABORE SOCIOS|p',
      'DISTRIBUICAO DE LUCROS|p',
      'DIVIDEND TO SHAREHOLDER|e',
      'REPARTO DE BENEFICIOS|s',
    ],
  },
  loan: {
    kind: 'bank',
    amount: [300, 60000],
    sign: 'both',
    groups: [
      'SBA LOAN PAYMENT|e',
      'LOAN DISBURSEMENT|e',
      'KABBAGE LOAN|e',
      'LINE OF CREDIT DRAW|e',
      'PRESTAMO ICO|s',
      'CUOTA PRESTAMO|s',
      'CREDITO PYME DESEMBOLSO|s',
      'EMPRESTIMO CAPITAL DE GIRO|p',
      'PARCELA EMPRESTIMO|p',
      'FINANCIAMENTO BNDES|p',
      'AMORTIZACION HIPOTECA LOCAL|s',
    ],
  },
  transfer: {
    kind: 'bank',
    amount: [100, 30000],
    sign: 'both',
    groups: [
      'ONLINE TRANSFER TO CHK|e',
      'TRANSFER FROM SAVINGS|e',
      'INTERNAL TRANSFER|e',
      'TRANSFER BETWEEN ACCOUNTS|e',
      'TRASPASO ENTRE CUENTAS|s',
      'TRANSFERENCIA ENTRE CUENTAS PROPIAS|s',
      'TRANSFERENCIA A AHORRO|s',
      'TRANSFERENCIA ENTRE CONTAS|p',
      'TED MESMA TITULARIDADE|p',
      'PIX ENTRE CONTAS PROPRIAS|p',
      'RESGATE APLICACAO|p',
      'WISE BALANCE TOP UP',
    ],
  },
};

/** How many lines each group gets: enough spellings of one merchant to learn it, and 2,000+ lines in all. */
const linesPerGroup = 7;

// mulberry32: a small seeded generator, so the files are the same every run.
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(20261125);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
const digits = (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join('');
const code = (count: number) => Array.from({ length: count }, () => pick([...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'])).join('');
const date = () => `${String(1 + Math.floor(next() * 28)).padStart(2, '0')}/${String(1 + Math.floor(next() * 12)).padStart(2, '0')}`;

const cities: Record<Language, string[]> = {
  en: ['SAN FRANCISCO CA', 'NEW YORK NY', 'AUSTIN TX', 'SEATTLE WA', 'MIAMI FL', 'CHICAGO IL', '855-555-0142 CA', 'WWW.', ''],
  es: ['MADRID', 'BARCELONA ES', 'VALENCIA', 'CIUDAD DE MEXICO', 'BOGOTA', 'SEVILLA ES', 'BUENOS AIRES', ''],
  pt: ['SAO PAULO BR', 'RIO DE JANEIRO', 'BELO HORIZONTE', 'LISBOA PT', 'PORTO', 'CURITIBA BR', ''],
};

/** A merchant's name as card processors and banks spell it: an Amazon order number, a processor prefix, a store number, cut short. */
function spelling(name: string, language: Language, prefixed: boolean): string {
  const variants = [
    () => name,
    () => `${name}*${code(6)}`,
    () => `${name} #${digits(4)}`,
    () => name.toLowerCase().replace(/\b\w/g, (letter) => letter.toUpperCase()),
    () => name.replace(/\s+/g, '').slice(0, 18),
  ];
  if (prefixed)
    variants.push(
      () => `${pick(language === 'en' ? ['SQ *', 'TST* ', 'PAYPAL *', 'SP ', 'PY *'] : ['PAYPAL *', 'SUMUP *', 'MP*', 'PAGSEGURO*', 'SQ *'])}${name}`,
    );
  if (name.startsWith('AMZN') || name.startsWith('AMAZON')) {
    variants.push(
      () => `AMZN Mktp US*${code(9)}`,
      () => `AMAZON.COM*${code(7)} AMZN.COM/BILL WA`,
      () => `Amazon.${language === 'en' ? 'com' : language === 'es' ? 'es' : 'com.br'}*${code(6)}`,
    );
  }
  return pick(variants)();
}

/** The bank's narrative around a merchant, by how the money moves and the bank's language. */
function narrative(kind: Kind, name: string, language: Language, sign: number): string {
  const merchant = spelling(name, language, kind === 'card');
  const city = pick(cities[language]);
  const card = digits(4);
  const forms: Record<Kind, Record<Language, (() => string)[]>> = {
    card: {
      en: [
        () => `${merchant} ${city}`,
        () => `POS DEBIT ${merchant} ${city}`,
        () => `DEBIT CARD PURCHASE ${date()} ${merchant}`,
        () => `CHECKCARD ${date()} ${merchant} ${city}`,
        () => `PURCHASE AUTHORIZED ON ${date()} ${merchant} CARD ${card}`,
        () => `RECURRING PAYMENT ${merchant}`,
      ],
      es: [
        () => `COMPRA TARJ. ${card}XXXXXXXX${digits(4)} ${merchant} ${city}`,
        () => `PAGO CON TARJETA ${merchant} ${city}`,
        () => `COMPRA EN ${merchant}, CON LA TARJETA : ${card} EL ${date()}`,
        () => `CARGO TARJETA ${merchant}`,
        () => `${merchant} ${city}`,
      ],
      pt: [
        () => `COMPRA CARTAO DEB MC ${date()} ${merchant} ${city}`,
        () => `COMPRA NO DEBITO ${merchant}`,
        () => `COMPRA CARTAO CREDITO ${merchant} PARC 01/03`,
        () => `ELO DEBITO ${merchant} ${city}`,
        () => `PIX QRS ${merchant} ${date()}`,
        () => `${merchant} ${city}`,
      ],
    },
    debit: {
      en: [
        () => `ACH DEBIT ${merchant} PPD ID: ${digits(10)}`,
        () => `${merchant} AUTOPAY ${digits(6)}`,
        () => `ONLINE PMT ${merchant} CONF# ${code(8)}`,
        () => `${merchant} BILL PAYMENT`,
      ],
      es: [
        () => `ADEUDO SEPA ${merchant} RECIBO ${digits(10)}`,
        () => `RECIBO ${merchant} REF. MANDATO ${code(12)}`,
        () => `ADEUDO RECIBO ${merchant} ${date()}`,
        () => `DOMICILIACION ${merchant}`,
      ],
      pt: [
        () => `DEB AUTOMATICO ${merchant}`,
        () => `PAGTO BOLETO ${merchant} ${digits(8)}`,
        () => `DEBITO DIRETO SEPA ${merchant} REF ${code(10)}`,
        () => `PAGAMENTO CONTA ${merchant}`,
      ],
    },
    payee: {
      en: [
        () => `ACH DEBIT ${merchant} ${digits(8)}`,
        () => `WIRE TRANSFER OUT ${merchant} REF ${code(8)}`,
        () => `ZELLE PAYMENT TO ${merchant} ${code(10)}`,
        () => `ONLINE PAYMENT TO ${merchant}`,
      ],
      es: [
        () => `TRANSFERENCIA SEPA A FAVOR DE ${merchant} CONCEPTO FRA ${digits(4)}`,
        () => `TRANSF. A ${merchant}`,
        () => `BIZUM A ${merchant}`,
        () => `TRANSFERENCIA INMEDIATA ${merchant} ${date()}`,
      ],
      pt: [
        () => `PIX ENVIADO ${merchant}`,
        () => `TED ENVIADA ${merchant} ${digits(6)}`,
        () => `PAGTO BOLETO ${merchant}`,
        () => `TRF SEPA ${merchant} REF ${code(8)}`,
      ],
    },
    in: {
      en: [
        () => `${merchant} ${code(10)}`,
        () => `ACH CREDIT ${merchant} ${digits(8)}`,
        () => `DEPOSIT ${merchant}`,
        () => `REMOTE ONLINE DEPOSIT ${merchant} ${digits(5)}`,
      ],
      es: [
        () => `TRANSFERENCIA SEPA RECIBIDA ${merchant}`,
        () => `ABONO ${merchant} ${digits(6)}`,
        () => `${merchant} REF ${code(8)}`,
        () => `BIZUM DE ${merchant}`,
      ],
      pt: [() => `PIX RECEBIDO ${merchant}`, () => `TED RECEBIDA ${merchant}`, () => `CREDITO ${merchant} ${digits(6)}`, () => `${merchant} ${date()}`],
    },
    bank: {
      en: [() => `${name} ${digits(6)}`, () => `${name} ${date()}`, () => `${name}`, () => `${sign < 0 ? 'ACH DEBIT' : 'ACH CREDIT'} ${name}`],
      es: [
        () => `${name} ${digits(6)}`,
        () => `${name} ${date()}`,
        () => `${name}`,
        () => `${sign < 0 ? 'TRANSFERENCIA SEPA' : 'TRANSFERENCIA SEPA RECIBIDA'} ${name}`,
      ],
      pt: [() => `${name} ${digits(6)}`, () => `${name} ${date()}`, () => `${name}`, () => `${sign < 0 ? 'PIX ENVIADO' : 'PIX RECEBIDO'} ${name}`],
    },
  };
  return pick(forms[kind][language])().replace(/\s+/g, ' ').trim();
}

const letters: Record<string, Language> = { e: 'en', s: 'es', p: 'pt' };
const rows: { row: LabelledRow; group: string; category: CategoryKey }[] = [];
for (const category of categoryKeys) {
  const template = templates[category];
  for (const entry of template.groups) {
    const [name, langs = 'esp', kind = template.kind] = entry.split('|') as [string, string?, Kind?];
    const languages = [...langs].map((letter) => letters[letter]!);
    for (let index = 0; index < linesPerGroup; index++) {
      const language = languages[index % languages.length]!;
      const sign = template.sign === 'both' ? (next() < 0.5 ? -1 : 1) : template.sign;
      const [low, high] = template.amount;
      const dollars = Math.exp(Math.log(low) + next() * (Math.log(high) - Math.log(low)));
      rows.push({
        row: [narrative(kind, name, language, sign), null, (sign * Math.round(dollars * 100)) / 100, category, language, name],
        group: name,
        category,
      });
    }
  }
}

/**
 * The split, by group within each category so every category is held out: of each category's
 * groups in a seeded order, one in five is held out for the test, the rest are the base set
 * the app learns (its confidence is fitted on the base set's groups by cross-validation).
 */
const heldOut = new Set<string>();
for (const category of categoryKeys) {
  const groups = templates[category].groups.map((entry) => entry.split('|')[0]!);
  const order = groups.map((group) => ({ group, key: next() })).sort((a, b) => a.key - b.key);
  order.forEach(({ group }, index) => index % 5 === 0 && heldOut.add(`${category}|${group}`));
}
const of = (test: boolean) => rows.filter(({ group, category }) => heldOut.has(`${category}|${group}`) === test).map(({ row }) => row);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const write = (file: string, data: object) => writeFileSync(path.join(root, file), `${JSON.stringify(data).replace(/\],\[/g, '],\n[')}\n`);
write('workers/categoriser/base-lines.json', { lines: of(false) });
write('tests/fixtures/categoriser/held-out-lines.json', { test: of(true) });
console.log(`${rows.length} lines: base ${of(false).length}, held out ${of(true).length}`);
