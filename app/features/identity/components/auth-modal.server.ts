// The auth modal for the server's render, whole (see AuthModalOnDemand): in the browser's bundle this
// module is empty, so the modal's forms are not in every page's JavaScript.
export { AuthModal } from "./AuthModal";
