export default 'Buy health and safety training videos, online training courses, workplace safety posters, PowerPoint presentations and risk assessments from a UK supplier.';
