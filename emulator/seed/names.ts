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

/** Workspace names are "<organisation> <team>" ("Northwind Support"). */
export const ORGANISATIONS = [
  'Northwind', 'Contoso', 'Fabrikam', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Vandelay', 'Stark', 'Wayne',
  'Acme', 'Tyrell', 'Soylent', 'Wonka', 'Cyberdyne', 'Gringotts', 'Monarch', 'Oscorp', 'Aperture', 'Massive Dynamic',
] as const;
export const TEAMS = [
  'Support', 'Sales', 'Engineering', 'Design', 'Marketing', 'Operations', 'Finance', 'Legal', 'Field Crew', 'Leadership',
  'Customer Success', 'Warehouse', 'Night Shift', 'Clinic', 'Dispatch',
] as const;

/** Named conversations. */
export const CHANNEL_TOPICS = [
  'general', 'standup', 'incidents', 'release-train', 'customer-escalations', 'random', 'weekly-sync', 'hiring',
  'on-call', 'design-review', 'announcements', 'field-updates', 'shift-handover', 'deals', 'feedback', 'roadmap',
] as const;

/** Words transcripts are made of. */
export const TRANSCRIPT_WORDS = [
  'the', 'a', 'we', 'I', 'you', 'team', 'customer', 'call', 'meeting', 'tomorrow', 'today', 'update', 'release',
  'deploy', 'ticket', 'issue', 'fixed', 'waiting', 'on', 'for', 'with', 'and', 'but', 'so', 'please', 'check',
  'review', 'the', 'numbers', 'look', 'good', 'bad', 'late', 'early', 'shipment', 'order', 'invoice', 'budget',
  'plan', 'schedule', 'next', 'week', 'Monday', 'Friday', 'quick', 'question', 'about', 'this', 'that', 'it',
  'is', 'was', 'will', 'be', 'done', 'by', 'noon', 'thanks', 'everyone', 'sorry', 'running', 'five', 'minutes',
] as const;

/** Why a message fell to `failed`. */
export const FAILURE_REASONS = [
  'transcoder rejected the audio: unsupported codec',
  'upload incomplete: 0 of 3 chunks received',
  'transcription timed out after 300 s',
  'storage object not found',
] as const;

export const NOTIFICATION_TEXTS = [
  'sent a voice message', 'replied to your message', 'tagged you in a message', 'mentioned you', 'shared a message',
] as const;

/** Plans, from cheapest to dearest. */
export const PLAN_TYPES = ['free', 'pro', 'business', 'enterprise'] as const;
