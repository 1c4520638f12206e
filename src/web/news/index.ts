import NewspaperIcon from '@mui/icons-material/Newspaper';
import { NewsCreate } from './NewsCreate.js';
import { NewsEdit } from './NewsEdit.js';
import { NewsList } from './NewsList.js';

/** The news resource, spread into <Resource name="news">. */
export const news = {
  list: NewsList,
  edit: NewsEdit,
  create: NewsCreate,
  icon: NewspaperIcon,
  recordRepresentation: 'title',
};
