/**
 * The router primitives the interface uses, named in one place: links, forms, fetchers and
 * navigation state. Features' components import them from here, never from Remix, so (a) they can
 * only navigate and submit: route data (useLoaderData and friends) belongs to routes, which pass it
 * as props; and (b) moving to React Router 7 (Remix's successor) changes this file, not the features.
 */
export {
  Form,
  Link,
  useFetcher,
  useFetchers,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
  useSubmit,
} from "@remix-run/react";
export type { FormProps, LinkProps } from "@remix-run/react";
