import NewspaperIcon from '@mui/icons-material/Newspaper';
import { NewsList } from './NewsList.js';

/** The news resource, spread into <Resource name="news">. */
export const news = {
  list: NewsList,
  icon: NewspaperIcon,
  recordRepresentation: 'title',
};
