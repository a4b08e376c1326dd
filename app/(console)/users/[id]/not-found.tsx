export { default } from '../../[area]/[id]/not-found';
