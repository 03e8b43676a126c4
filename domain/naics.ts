import type { Language } from './constants';
import { foldForSearch } from './search-text';

/**
 * A curated list of 2022 NAICS codes (U.S. Census Bureau, https://www.census.gov/naics/)
 * for the principal business activity of IRS returns (Form 5472 line 1f, Form 1065 box A/C,
 * Form 1120 Schedule K line 2): the activities Alta's customers run, with their titles in
 * English as published and in Spanish and Portuguese. Searched by code prefix or by words.
 */
export interface ActivityCode {
  code: string;
  title: Record<Language, string>;
}

const list: [code: string, en: string, es: string, pt: string][] = [
  ['111998', 'All Other Miscellaneous Crop Farming', 'Otros cultivos agrícolas diversos', 'Outros cultivos agrícolas diversos'],
  ['236115', 'New Single-Family Housing Construction', 'Construcción de viviendas unifamiliares nuevas', 'Construção de moradias unifamiliares novas'],
  ['238210', 'Electrical Contractors', 'Contratistas eléctricos', 'Empreiteiros de instalações elétricas'],
  ['311811', 'Retail Bakeries', 'Panaderías minoristas', 'Padarias varejistas'],
  [
    '315990',
    'Apparel Accessories and Other Apparel Manufacturing',
    'Fabricación de accesorios y otras prendas de vestir',
    'Fabricação de acessórios e outras peças de vestuário',
  ],
  ['339910', 'Jewelry and Silverware Manufacturing', 'Fabricación de joyería y platería', 'Fabricação de joias e prataria'],
  [
    '423430',
    'Computer and Peripheral Equipment and Software Merchant Wholesalers',
    'Comercio mayorista de computadoras, periféricos y software',
    'Comércio atacadista de computadores, periféricos e software',
  ],
  [
    '423690',
    'Other Electronic Parts and Equipment Merchant Wholesalers',
    'Comercio mayorista de otras piezas y equipos electrónicos',
    'Comércio atacadista de outras peças e equipamentos eletrônicos',
  ],
  [
    '424210',
    'Drugs and Druggists\u2019 Sundries Merchant Wholesalers',
    'Comercio mayorista de medicamentos y artículos de farmacia',
    'Comércio atacadista de medicamentos e artigos de farmácia',
  ],
  [
    '424490',
    'Other Grocery and Related Products Merchant Wholesalers',
    'Comercio mayorista de otros comestibles',
    'Comércio atacadista de outros produtos alimentícios',
  ],
  ['425120', 'Wholesale Trade Agents and Brokers', 'Agentes y corredores de comercio mayorista', 'Agentes e corretores do comércio atacadista'],
  ['441110', 'New Car Dealers', 'Concesionarios de automóviles nuevos', 'Concessionárias de automóveis novos'],
  [
    '445110',
    'Supermarkets and Other Grocery Retailers (except Convenience Retailers)',
    'Supermercados y otras tiendas de comestibles',
    'Supermercados e outros varejistas de alimentos',
  ],
  ['458110', 'Clothing and Clothing Accessories Retailers', 'Tiendas de ropa y accesorios', 'Lojas de roupas e acessórios'],
  ['455219', 'All Other General Merchandise Retailers', 'Otros minoristas de mercancía general', 'Outros varejistas de mercadorias em geral'],
  ['456110', 'Pharmacies and Drug Retailers', 'Farmacias', 'Farmácias'],
  ['459999', 'All Other Miscellaneous Retailers', 'Otros minoristas diversos', 'Outros varejistas diversos'],
  ['481111', 'Scheduled Passenger Air Transportation', 'Transporte aéreo regular de pasajeros', 'Transporte aéreo regular de passageiros'],
  ['484110', 'General Freight Trucking, Local', 'Autotransporte local de carga general', 'Transporte rodoviário local de carga geral'],
  ['488510', 'Freight Transportation Arrangement', 'Organización del transporte de carga', 'Organização do transporte de carga'],
  ['492110', 'Couriers and Express Delivery Services', 'Mensajería y paquetería', 'Serviços de courier e entregas expressas'],
  ['493110', 'General Warehousing and Storage', 'Almacenamiento general', 'Armazenagem geral'],
  ['512110', 'Motion Picture and Video Production', 'Producción de películas y videos', 'Produção de filmes e vídeos'],
  ['512250', 'Record Production and Distribution', 'Producción y distribución de discos', 'Produção e distribuição de gravações musicais'],
  ['513210', 'Software Publishers', 'Edición de software', 'Edição de software'],
  [
    '516210',
    'Media Streaming Distribution Services, Social Networks, and Other Media Networks and Content Providers',
    'Streaming, redes sociales y otros proveedores de contenido',
    'Streaming, redes sociais e outros provedores de conteúdo',
  ],
  [
    '518210',
    'Computing Infrastructure Providers, Data Processing, Web Hosting, and Related Services',
    'Infraestructura informática, procesamiento de datos y alojamiento web',
    'Infraestrutura computacional, processamento de dados e hospedagem de sites',
  ],
  [
    '519290',
    'Web Search Portals and All Other Information Services',
    'Portales de búsqueda web y otros servicios de información',
    'Portais de busca na web e outros serviços de informação',
  ],
  [
    '522320',
    'Financial Transactions Processing, Reserve, and Clearinghouse Activities',
    'Procesamiento de transacciones financieras y compensación',
    'Processamento de transações financeiras e compensação',
  ],
  [
    '523150',
    'Investment Banking and Securities Intermediation',
    'Banca de inversión e intermediación de valores',
    'Bancos de investimento e intermediação de valores',
  ],
  [
    '523940',
    'Portfolio Management and Investment Advice',
    'Gestión de carteras y asesoría de inversiones',
    'Gestão de carteiras e consultoria de investimentos',
  ],
  ['523999', 'Miscellaneous Financial Investment Activities', 'Otras actividades de inversión financiera', 'Outras atividades de investimento financeiro'],
  ['524210', 'Insurance Agencies and Brokerages', 'Agencias y corredurías de seguros', 'Agências e corretoras de seguros'],
  ['531110', 'Lessors of Residential Buildings and Dwellings', 'Arrendamiento de inmuebles residenciales', 'Locação de imóveis residenciais'],
  [
    '531120',
    'Lessors of Nonresidential Buildings (except Miniwarehouses)',
    'Arrendamiento de inmuebles no residenciales',
    'Locação de imóveis não residenciais',
  ],
  ['531210', 'Offices of Real Estate Agents and Brokers', 'Agentes y corredores inmobiliarios', 'Corretores e agentes imobiliários'],
  ['531390', 'Other Activities Related to Real Estate', 'Otras actividades inmobiliarias', 'Outras atividades imobiliárias'],
  [
    '533110',
    'Lessors of Nonfinancial Intangible Assets (except Copyrighted Works)',
    'Arrendamiento de activos intangibles no financieros',
    'Licenciamento de ativos intangíveis não financeiros',
  ],
  ['541110', 'Offices of Lawyers', 'Despachos de abogados', 'Escritórios de advocacia'],
  ['541211', 'Offices of Certified Public Accountants', 'Despachos de contadores públicos', 'Escritórios de contabilidade'],
  ['541330', 'Engineering Services', 'Servicios de ingeniería', 'Serviços de engenharia'],
  ['541430', 'Graphic Design Services', 'Diseño gráfico', 'Design gráfico'],
  ['541511', 'Custom Computer Programming Services', 'Servicios de programación informática a medida', 'Serviços de programação de computadores sob encomenda'],
  ['541512', 'Computer Systems Design Services', 'Diseño de sistemas informáticos', 'Projeto de sistemas de computação'],
  ['541519', 'Other Computer Related Services', 'Otros servicios informáticos', 'Outros serviços de informática'],
  [
    '541611',
    'Administrative Management and General Management Consulting Services',
    'Consultoría en administración y gestión general',
    'Consultoria em gestão empresarial',
  ],
  ['541613', 'Marketing Consulting Services', 'Consultoría de marketing', 'Consultoria de marketing'],
  ['541618', 'Other Management Consulting Services', 'Otros servicios de consultoría de gestión', 'Outros serviços de consultoria em gestão'],
  [
    '541690',
    'Other Scientific and Technical Consulting Services',
    'Otros servicios de consultoría científica y técnica',
    'Outros serviços de consultoria científica e técnica',
  ],
  [
    '541715',
    'Research and Development in the Physical, Engineering, and Life Sciences',
    'Investigación y desarrollo en ciencias físicas, ingeniería y ciencias de la vida',
    'Pesquisa e desenvolvimento em ciências físicas, engenharia e ciências da vida',
  ],
  ['541810', 'Advertising Agencies', 'Agencias de publicidad', 'Agências de publicidade'],
  ['541820', 'Public Relations Agencies', 'Agencias de relaciones públicas', 'Agências de relações públicas'],
  ['541890', 'Other Services Related to Advertising', 'Otros servicios relacionados con la publicidad', 'Outros serviços de publicidade'],
  ['541921', 'Photography Studios, Portrait', 'Estudios fotográficos de retrato', 'Estúdios fotográficos de retrato'],
  ['541930', 'Translation and Interpretation Services', 'Servicios de traducción e interpretación', 'Serviços de tradução e interpretação'],
  [
    '541990',
    'All Other Professional, Scientific, and Technical Services',
    'Otros servicios profesionales, científicos y técnicos',
    'Outros serviços profissionais, científicos e técnicos',
  ],
  ['551112', 'Offices of Other Holding Companies', 'Otras sociedades de cartera (holdings)', 'Outras sociedades holding'],
  ['561110', 'Office Administrative Services', 'Servicios de administración de oficinas', 'Serviços administrativos de escritório'],
  ['561422', 'Telemarketing Bureaus and Other Contact Centers', 'Telemercadeo y centros de contacto', 'Telemarketing e centrais de atendimento'],
  ['561510', 'Travel Agencies', 'Agencias de viajes', 'Agências de viagens'],
  ['561920', 'Convention and Trade Show Organizers', 'Organizadores de convenciones y ferias', 'Organizadores de convenções e feiras'],
  ['611430', 'Professional and Management Development Training', 'Capacitación profesional y gerencial', 'Treinamento profissional e gerencial'],
  ['611699', 'All Other Miscellaneous Schools and Instruction', 'Otras escuelas e instrucción diversas', 'Outras escolas e cursos diversos'],
  ['611710', 'Educational Support Services', 'Servicios de apoyo educativo', 'Serviços de apoio educacional'],
  ['621111', 'Offices of Physicians (except Mental Health Specialists)', 'Consultorios médicos', 'Consultórios médicos'],
  ['621210', 'Offices of Dentists', 'Consultorios dentales', 'Consultórios odontológicos'],
  [
    '621399',
    'Offices of All Other Miscellaneous Health Practitioners',
    'Consultorios de otros profesionales de la salud',
    'Consultórios de outros profissionais de saúde',
  ],
  ['711130', 'Musical Groups and Artists', 'Grupos musicales y artistas', 'Grupos musicais e artistas'],
  [
    '711510',
    'Independent Artists, Writers, and Performers',
    'Artistas, escritores e intérpretes independientes',
    'Artistas, escritores e intérpretes independentes',
  ],
  ['713940', 'Fitness and Recreational Sports Centers', 'Gimnasios y centros deportivos', 'Academias e centros esportivos'],
  ['721110', 'Hotels (except Casino Hotels) and Motels', 'Hoteles y moteles', 'Hotéis e motéis'],
  ['721199', 'All Other Traveler Accommodation', 'Otros alojamientos para viajeros', 'Outras acomodações para viajantes'],
  ['722511', 'Full-Service Restaurants', 'Restaurantes con servicio completo', 'Restaurantes com serviço completo'],
  ['722513', 'Limited-Service Restaurants', 'Restaurantes de servicio limitado', 'Restaurantes de serviço rápido'],
  [
    '811210',
    'Electronic and Precision Equipment Repair and Maintenance',
    'Reparación de equipos electrónicos y de precisión',
    'Reparação de equipamentos eletrônicos e de precisão',
  ],
  ['812112', 'Beauty Salons', 'Salones de belleza', 'Salões de beleza'],
  ['812990', 'All Other Personal Services', 'Otros servicios personales', 'Outros serviços pessoais'],
];

/** The curated NAICS codes, in code order. */
export const activityCodes: readonly ActivityCode[] = list
  .map(([code, en, es, pt]) => ({ code, title: { en, es, pt } }))
  .sort((a, b) => a.code.localeCompare(b.code));

/** True for a code of the list. */
export const isActivityCode = (code: string) => activityCodes.some((activity) => activity.code === code);

/** Lower case without accents, so "programacion" finds "programación". */
const folded = foldForSearch;

/**
 * GET /accounting/activity-codes: codes starting with the digits of `query`, or whose title in
 * any language holds every word of it; at most `limit`, in code order.
 */
export function searchActivityCodes(query: string, limit: number): ActivityCode[] {
  const text = folded(query.trim());
  if (text === '') return activityCodes.slice(0, limit);
  if (/^\d+$/.test(text)) return activityCodes.filter((activity) => activity.code.startsWith(text)).slice(0, limit);
  const words = text.split(/\s+/);
  return activityCodes
    .filter((activity) => {
      const titles = folded(Object.values(activity.title).join(' '));
      return words.every((word) => titles.includes(word));
    })
    .slice(0, limit);
}
