// The Projects panel's writes go through the projects calls (admins act as owners there).
export { deleteProject, updateProject } from './projects';
