import type { ActivitySection } from '../../../api/types';

/** An activity's text: each section with its title (when shown) and its text as written. */
export function ActivitySections({ sections }: { sections: readonly ActivitySection[] }) {
  const written = sections.filter((section) => section.section_text.trim() || section.display_title);
  return (
    <div className="ro-activity-sections">
      {written.map((section, index) => (
        <div key={index} className="ro-activity-section">
          {section.display_title && section.section_title ? <div className="ro-activity-section-title">{section.section_title}</div> : null}
          <div className="ro-activity-section-text">{section.section_text.trim() || <span className="ro-muted">Nothing written yet.</span>}</div>
        </div>
      ))}
    </div>
  );
}
