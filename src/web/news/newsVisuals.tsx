import type { SvgIconComponent } from '@mui/icons-material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import EmailIcon from '@mui/icons-material/Email';
import ErrorIcon from '@mui/icons-material/Error';
import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import NotificationImportantIcon from '@mui/icons-material/NotificationImportant';
import WarningIcon from '@mui/icons-material/Warning';
import { useTheme } from '@mui/material/styles';
import type { NEWS_COLORS, NEWS_ICONS } from '../../../schemas/news.js';

type NewsIcon = (typeof NEWS_ICONS)[number];
type NewsColor = (typeof NEWS_COLORS)[number];

/** SPEC §3 icon options, drawn with the closest Material icon. */
const NEWS_ICON_COMPONENTS: Record<NewsIcon, SvgIconComponent> = {
  'bell-alert': NotificationImportantIcon,
  calendar: CalendarMonthIcon,
  envelope: EmailIcon,
  'circle-exclamation-fill': ErrorIcon,
  'exclamationmark-shield-fill': GppMaybeIcon,
  'exclamation-triangle': WarningIcon,
  'newspaper-filled': NewspaperIcon,
};

/** SPEC §3 colour options (amber is labelled Yellow), with 3:1 contrast on the card in each theme. */
const NEWS_COLOR_VALUES: Record<'light' | 'dark', Record<NewsColor, string>> = {
  light: { blue: '#1565c0', green: '#2e7d32', red: '#c62828', amber: '#b26a00' },
  dark: { blue: '#90caf9', green: '#a5d6a7', red: '#ef9a9a', amber: '#ffca28' },
};

/** The coloured icon of a news item; nothing when it has no icon. Decorative: the title says it all. */
export function NewsItemIcon({
  icon,
  color,
  fontSize = 'large',
}: {
  icon: string | null | undefined;
  color: string | null | undefined;
  fontSize?: 'small' | 'medium' | 'large';
}) {
  const theme = useTheme();
  const Icon = icon ? NEWS_ICON_COMPONENTS[icon as NewsIcon] : undefined;
  if (!Icon) return null;
  const palette = NEWS_COLOR_VALUES[theme.palette.mode];
  const value = color && color in palette ? palette[color as NewsColor] : theme.palette.primary.main;
  return <Icon aria-hidden="true" fontSize={fontSize} sx={{ color: value }} data-icon={icon} data-color={color ?? ''} />;
}
