/** Name lists for realistic-looking people; diverse on purpose, so the console meets real data. */
export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Amelia', 'Oliver', 'Sophia', 'Elijah', 'Isabella', 'James',
  'Ava', 'William', 'Mia', 'Benjamin', 'Evelyn', 'Lucas', 'Harper', 'Henry', 'Camila', 'Theodore',
  'Aiko', 'Haruto', 'Mei', 'Wei', 'Jiho', 'Minjun', 'Priya', 'Arjun', 'Ananya', 'Rohan',
  'Fatima', 'Omar', 'Layla', 'Yusuf', 'Amara', 'Chidi', 'Zainab', 'Kwame', 'Nia', 'Tendai',
  'Sofía', 'Mateo', 'Valentina', 'Santiago', 'Lucía', 'Joaquín', 'Camille', 'Louis', 'Chloé', 'Léa',
  'Jonas', 'Lena', 'Matthias', 'Anouk', 'Lars', 'Ingrid', 'Sven', 'Aleksander', 'Zofia', 'Dmitri',
  'Katarzyna', 'Björn', 'Siobhán', 'Seán', 'Niamh', 'Declan', 'Giulia', 'Marco', 'Chiara', 'Luca',
  'Ngozi', 'Tariq', 'Leilani', 'Kai', 'Ximena', 'Thiago', 'Rania', 'Eitan', 'Noa', 'Yara',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen',
  'Tanaka', 'Suzuki', 'Wang', 'Li', 'Zhang', 'Chen', 'Kim', 'Park', 'Nguyen', 'Tran',
  'Patel', 'Sharma', 'Singh', 'Gupta', 'Khan', 'Ahmed', 'Hassan', 'Okafor', 'Mensah', 'Adeyemi',
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Dubois', 'Lefèvre', 'Rossi', 'Russo', 'Novak', 'Kowalski',
  'Nowak', 'Ivanova', 'Petrov', 'Johansson', 'Nielsen', 'Virtanen', "O'Brien", 'Murphy', 'Kelly', 'Byrne',
  'da Silva', 'Santos', 'Oliveira', 'Pereira', 'van der Berg', 'de Vries', 'Cohen', 'Levi', 'Haddad', 'Nakamura',
] as const;

/** Reserved example domains (RFC 2606 and `.example`), so no generated address is real. */
export const EMAIL_DOMAINS = [
  'example.com', 'example.org', 'example.net', 'northwind.example', 'contoso.example',
  'fabrikam.example', 'globex.example', 'initech.example',
] as const;

export const IDP_PROVIDERS = ['okta', 'google-workspace', 'azure-ad'] as const;

/** Words for agent names ("Standup Summarizer"). */
export const AGENT_PURPOSES = [
  'Standup', 'Support', 'Triage', 'Meeting', 'Sales', 'Onboarding', 'Release', 'Incident', 'Digest', 'Translation',
] as const;
export const AGENT_ROLES = ['Summarizer', 'Assistant', 'Bot', 'Notetaker', 'Router', 'Reporter'] as const;
